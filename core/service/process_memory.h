// SPDX-License-Identifier: GPL-3.0-or-later
// Memory policy of a process that runs simulations (the CLI and the GUI call it first thing).
#pragma once

namespace hs::service {

// Freed memory stays in the process for the next run instead of going back to the kernel.
// A run's records are written into fresh memory, and on the machines we measure each new 4 KiB
// page costs ~1.3 us when first written (the kernel zeroes and maps it): Circuit 2's 20 001
// records of six values are ~240 pages, 0.3 ms of a 1.3 ms Rosenbrock-W run
// (docs/performance.md §10). glibc returns blocks over 128 KiB (or the top of its heap over
// twice that) to the kernel on free; with this, a block of up to 32 MiB comes from the heap and
// up to 512 MiB of free heap is kept, so the second and later runs of a comparison, sweep or
// GUI session reuse pages already mapped. The first run of a process still pays. No effect
// outside glibc.
void keepFreedMemoryForReuse();

}  // namespace hs::service
