// SPDX-License-Identifier: GPL-3.0-or-later
// A CSV file written row by row while a run produces its records, in the format of writeCsv
// (same header, same numbers, byte for byte), so that a long run's output needs no memory for
// the trace. Atomic like writeCsv: the rows go to a temporary file that commit() renames over
// path; nothing is left behind when commit() is not called.
//
// The numbers are formatted on a thread of the writer's own: row() only copies the values into
// a block, and full blocks go to that thread. Formatting costs ~500 instructions per number, 25x
// what an adaptive stepper spends on a record (Circuit 2, Rosenbrock-W: 20 001 records of six
// numbers, 1.0e8 instructions of formatting against 1.1e7 for the whole run), so on the engine's
// thread it would be the run's speed. At most kMaxQueuedBlocks blocks wait; row() waits when
// they are all full, so memory stays bounded however long the run is.
#pragma once

#include <QSaveFile>
#include <QString>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace hs::service {

class CsvStreamWriter {
public:
    CsvStreamWriter() = default;
    CsvStreamWriter(const CsvStreamWriter&) = delete;
    CsvStreamWriter& operator=(const CsvStreamWriter&) = delete;
    ~CsvStreamWriter();  // discards what was not committed

    // Opens path for writing and writes the header ("time [s]" and a column per name).
    // Returns "" or an error naming the file.
    QString open(const QString& path, const std::vector<std::string>& names, const std::vector<std::string>& units);
    // One record: the time, then count values (the columns after time; missing ones are 0).
    void row(double t, const double* values, size_t count);
    qint64 rows() const { return rows_; }
    // Writes what is left, waits for the formatting thread and renames the file into place;
    // returns "" or an error naming the file.
    QString commit();

private:
    static constexpr size_t kBlockRows = 4096;
    static constexpr size_t kMaxQueuedBlocks = 8;
    void handOver();     // the current block to the formatting thread
    void formatLoop();   // the formatting thread
    void stopThread();

    QString path_;
    std::unique_ptr<QSaveFile> file_;
    size_t columns_ = 0;
    std::vector<double> block_;  // rows of columns_ values, filled by row()
    qint64 rows_ = 0;

    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::vector<double>> queue_;  // full blocks waiting to be formatted
    bool closing_ = false;
    std::thread formatter_;
};

}  // namespace hs::service
