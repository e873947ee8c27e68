// SPDX-License-Identifier: GPL-3.0-or-later
// A CSV file written row by row while a run produces its records, in the format of writeCsv
// (same header, same numbers, byte for byte), so that a long run's output needs no memory for
// the trace. Atomic like writeCsv: the rows go to a temporary file that commit() renames over
// path; nothing is left behind when commit() is not called.
#pragma once

#include <QSaveFile>
#include <QString>
#include <memory>
#include <string>
#include <vector>

namespace hs::service {

class CsvStreamWriter {
public:
    // Opens path for writing and writes the header ("time [s]" and a column per name).
    // Returns "" or an error naming the file.
    QString open(const QString& path, const std::vector<std::string>& names, const std::vector<std::string>& units);
    // One record: the time, then count values (the columns after time). Buffered.
    void row(double t, const double* values, size_t count);
    qint64 rows() const { return rows_; }
    // Flushes and renames the file into place; returns "" or an error naming the file.
    QString commit();

private:
    void flush();

    QString path_;
    std::unique_ptr<QSaveFile> file_;
    std::string buffer_;
    std::vector<double> record_;
    qint64 rows_ = 0;
};

}  // namespace hs::service
