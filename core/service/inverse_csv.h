// SPDX-License-Identifier: GPL-3.0-or-later
// The columns of an inverse run as a CSV file writes them (time, every result column with its
// unit, and the forward replay's rod position when there is one): one list for the CLI's --out
// and the GUI's Export, so both files are the same.
#pragma once

#include <vector>

#include "csv.h"
#include "inverse/inverse_solve.h"
#include "inverse/replay.h"

namespace hs::service {

std::vector<CsvColumn> inverseCsvColumns(const inverse::InverseResult& r, const inverse::ReplayResult* replay);

}  // namespace hs::service
