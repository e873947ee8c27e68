// SPDX-License-Identifier: GPL-3.0-or-later
// The format of a results file follows its name: ".mat" (any case) a MATLAB MAT-file
// (writeMat), anything else CSV (writeCsv). Used by `hydrostiff-cli run/compare --out` and the
// GUI's exports, so that both write the same files.
#pragma once

#include <QString>
#include <vector>

#include "csv.h"

namespace hs::service {

bool isMatPath(const QString& path);
// Returns "" or an error naming the file.
QString writeResultFile(const QString& path, const std::vector<CsvColumn>& columns);

}  // namespace hs::service
