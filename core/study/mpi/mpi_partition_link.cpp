// SPDX-License-Identifier: GPL-3.0-or-later
#include "mpi_partition_link.h"

#include <mpi.h>

#include <stdexcept>

namespace hs::study {

namespace {

constexpr int kTag = 3607;  // the stepper's messages (notes/003 §3.6)

void check(int code, const char* what) {
    if (code != MPI_SUCCESS) throw std::runtime_error(std::string(what) + " failed (MPI error " + std::to_string(code) + ")");
}

}  // namespace

MpiPartitionLink::MpiPartitionLink() {
    check(MPI_Comm_rank(MPI_COMM_WORLD, &rank_), "MPI_Comm_rank");
    check(MPI_Comm_size(MPI_COMM_WORLD, &size_), "MPI_Comm_size");
}

void MpiPartitionLink::send(int peer, const std::vector<double>& data) {
    check(MPI_Send(data.data(), static_cast<int>(data.size()), MPI_DOUBLE, peer, kTag, MPI_COMM_WORLD), "MPI_Send");
}

void MpiPartitionLink::receive(int peer, std::vector<double>& data) {
    MPI_Status st;
    check(MPI_Probe(peer, kTag, MPI_COMM_WORLD, &st), "MPI_Probe");
    int n = 0;
    MPI_Get_count(&st, MPI_DOUBLE, &n);
    data.resize(static_cast<size_t>(n));
    check(MPI_Recv(data.data(), n, MPI_DOUBLE, peer, kTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE), "MPI_Recv");
}

void MpiPartitionLink::broadcast(std::vector<double>& data) {
    long long n = static_cast<long long>(data.size());
    check(MPI_Bcast(&n, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD), "MPI_Bcast");
    data.resize(static_cast<size_t>(n));
    check(MPI_Bcast(data.data(), static_cast<int>(n), MPI_DOUBLE, 0, MPI_COMM_WORLD), "MPI_Bcast");
}

double MpiPartitionLink::minimum(double value) {
    double out = value;
    check(MPI_Allreduce(&value, &out, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD), "MPI_Allreduce");
    return out;
}

std::string MpiPartitionLink::broadcastText(const std::string& text, int from) {
    int n = static_cast<int>(text.size());
    check(MPI_Bcast(&n, 1, MPI_INT, from, MPI_COMM_WORLD), "MPI_Bcast");
    std::string out = rank_ == from ? text : std::string(static_cast<size_t>(n), '\0');
    check(MPI_Bcast(out.data(), n, MPI_CHAR, from, MPI_COMM_WORLD), "MPI_Bcast");
    return out;
}

}  // namespace hs::study
