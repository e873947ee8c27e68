// SPDX-License-Identifier: GPL-3.0-or-later
// What the partitions of a run on separate processes say to each other (MPI ranks: the
// implementation, core/study/mpi/mpi_partition_link.*, is the only one that includes MPI).
// Process r steps partition r. Messages are blocking: a send returns once the data are on their
// way, a receive once they have arrived; the stepper orders them so that none waits forever.
#pragma once

#include <string>
#include <vector>

namespace hs::sim {

class PartitionLink {
public:
    virtual ~PartitionLink() = default;
    virtual int rank() const = 0;
    virtual int size() const = 0;
    virtual void send(int peer, const std::vector<double>& data) = 0;
    virtual void receive(int peer, std::vector<double>& data) = 0;  // resized to what arrived
    // Collective: every process gets rank 0's data.
    virtual void broadcast(std::vector<double>& data) = 0;
    // Collective: the least of every process's value.
    virtual double minimum(double value) = 0;
    // Collective: every process gets the text of process `from`.
    virtual std::string broadcastText(const std::string& text, int from) = 0;
};

}  // namespace hs::sim
