// SPDX-License-Identifier: GPL-3.0-or-later
#include "result_file.h"

#include "mat_file.h"

namespace hs::service {

bool isMatPath(const QString& path) { return path.endsWith(".mat", Qt::CaseInsensitive); }

QString writeResultFile(const QString& path, const std::vector<CsvColumn>& columns) {
    return isMatPath(path) ? writeMat(path, columns) : writeCsv(path, columns);
}

}  // namespace hs::service
