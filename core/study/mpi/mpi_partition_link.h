// SPDX-License-Identifier: GPL-3.0-or-later
// The partitions of a TLM run on MPI ranks (sim/partition_link.h over MPI_COMM_WORLD): blocking
// MPI_Send / MPI_Recv between two ranks, MPI_Bcast and MPI_Allreduce for the collectives. MPI
// must be initialised (an MpiRanks, mpi_ranks.h, lives as long as this).
#pragma once

#include "sim/partition_link.h"

namespace hs::study {

class MpiPartitionLink final : public sim::PartitionLink {
public:
    MpiPartitionLink();
    int rank() const override { return rank_; }
    int size() const override { return size_; }
    void send(int peer, const std::vector<double>& data) override;
    void receive(int peer, std::vector<double>& data) override;
    void broadcast(std::vector<double>& data) override;
    double minimum(double value) override;
    std::string broadcastText(const std::string& text, int from) override;

private:
    int rank_ = 0, size_ = 1;
};

}  // namespace hs::study
