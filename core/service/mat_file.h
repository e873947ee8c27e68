// SPDX-License-Identifier: GPL-3.0-or-later
// MATLAB MAT-file output of the same columns the CSV files hold, for MATLAB / Simulink users
// (`load results.mat`): MAT version 5, zlib-compressed, written with matio. The first column
// (time) becomes `t`; every other column a double column vector named by matlabName(); and
// `channels`, an N-by-3 cell array of char {variable, name, unit} with a row per variable, t
// first, maps the variables back to the probe names and units of the CSV header.
#pragma once

#include <QString>
#include <set>
#include <string>
#include <vector>

#include "csv.h"

namespace hs::service {

// A valid MATLAB variable name for a channel: letters, digits and '_', starting with a letter,
// at most 63 characters ("p2 error (RK4 1e-3)" -> "p2_error_RK4_1e_3"). Adds the name to
// `taken`, made unique there with a suffix _2, _3, ... when it already was.
std::string matlabName(const std::string& name, std::set<std::string>& taken);

// Writes the columns (all the same length, the first the time) to path. Returns "" or an error
// naming the file. Written beside path and renamed: a failed write leaves an old file intact.
QString writeMat(const QString& path, const std::vector<CsvColumn>& columns);

}  // namespace hs::service
