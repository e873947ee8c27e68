// SPDX-License-Identifier: GPL-3.0-or-later
#include "mpi_ranks.h"

#include <mpi.h>

#include <cstdlib>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>

namespace hs::study {

namespace {

void check(int code, const char* what) {
    if (code == MPI_SUCCESS) return;
    char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(code, text, &len);
    throw std::runtime_error(std::string(what) + " failed: " + std::string(text, static_cast<size_t>(len)));
}

}  // namespace

bool launchedByMpirun() {
    for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE"})
        if (std::getenv(v)) return true;
    return false;
}

MpiRanks::MpiRanks(int* argc, char*** argv) {
    int provided = 0;
    // Worker threads run the jobs; only the calling thread talks to MPI.
    check(MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    check(MPI_Comm_rank(MPI_COMM_WORLD, &rank_), "MPI_Comm_rank");
    check(MPI_Comm_size(MPI_COMM_WORLD, &size_), "MPI_Comm_size");
    MPI_Comm local;
    check(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &local), "MPI_Comm_split_type");
    MPI_Comm_size(local, &local_);
    MPI_Comm_free(&local);
}

MpiRanks::~MpiRanks() { MPI_Finalize(); }

void MpiRanks::abortAll(int code) {
    MPI_Abort(MPI_COMM_WORLD, code);
    std::abort();  // not reached: MPI_Abort ends the process
}

// Two collectives: every rank's byte count, then the bytes (MPI_Allgatherv); each rank's block
// is its results as (index, length, bytes) records.
std::vector<QByteArray> MpiRanks::allGather(const std::vector<std::pair<int, QByteArray>>& mine, int count) {
    QByteArray block;
    for (const auto& [i, bytes] : mine) {
        const qint64 head[2] = {i, bytes.size()};
        block.append(reinterpret_cast<const char*>(head), sizeof head);
        block.append(bytes);
    }
    if (block.size() > std::numeric_limits<int>::max()) throw std::runtime_error("a rank's study results exceed 2 GB");
    const int len = static_cast<int>(block.size());
    std::vector<int> lens(static_cast<size_t>(size_)), offsets(static_cast<size_t>(size_));
    check(MPI_Allgather(&len, 1, MPI_INT, lens.data(), 1, MPI_INT, MPI_COMM_WORLD), "MPI_Allgather");
    long long total = 0;
    for (int r = 0; r < size_; ++r) {
        offsets[size_t(r)] = static_cast<int>(total);
        total += lens[size_t(r)];
    }
    if (total > std::numeric_limits<int>::max()) throw std::runtime_error("the study's results exceed 2 GB");
    QByteArray all(static_cast<qsizetype>(total), Qt::Uninitialized);
    check(MPI_Allgatherv(block.constData(), len, MPI_BYTE, all.data(), lens.data(), offsets.data(), MPI_BYTE, MPI_COMM_WORLD),
          "MPI_Allgatherv");
    std::vector<QByteArray> out(static_cast<size_t>(count));
    std::vector<char> seen(static_cast<size_t>(count), 0);
    for (qsizetype at = 0; at < all.size();) {
        qint64 head[2];
        if (all.size() - at < qsizetype(sizeof head)) throw std::runtime_error("a rank's study results arrived truncated");
        std::memcpy(head, all.constData() + at, sizeof head);
        at += sizeof head;
        if (head[0] < 0 || head[0] >= count || head[1] < 0 || head[1] > all.size() - at)
            throw std::runtime_error("a rank's study results arrived malformed");
        out[size_t(head[0])] = all.mid(at, static_cast<qsizetype>(head[1]));
        seen[size_t(head[0])] = 1;
        at += static_cast<qsizetype>(head[1]);
    }
    for (int i = 0; i < count; ++i)
        if (!seen[size_t(i)]) throw std::runtime_error("no rank returned the result of job " + std::to_string(i));
    return out;
}

}  // namespace hs::study
