// SPDX-License-Identifier: GPL-3.0-or-later
#include "csv_stream_writer.h"

#include <algorithm>

#include "csv.h"

namespace hs::service {

CsvStreamWriter::~CsvStreamWriter() { stopThread(); }

QString CsvStreamWriter::open(const QString& path, const std::vector<std::string>& names, const std::vector<std::string>& units) {
    stopThread();
    path_ = path;
    rows_ = 0;
    file_ = std::make_unique<QSaveFile>(path);
    if (!file_->open(QIODevice::WriteOnly | QIODevice::Text)) return "cannot write " + path + ": " + file_->errorString();
    std::vector<std::string> n{"time"}, u{"s"};
    n.insert(n.end(), names.begin(), names.end());
    u.insert(u.end(), units.begin(), units.end());
    const std::string header = csvHeader(n, u);
    file_->write(header.data(), static_cast<qint64>(header.size()));
    columns_ = n.size();
    block_.clear();
    block_.reserve(kBlockRows * columns_);
    closing_ = false;
    formatter_ = std::thread([this] { formatLoop(); });
    return {};
}

void CsvStreamWriter::row(double t, const double* values, size_t count) {
    // block_ has room for kBlockRows rows (reserved), and is handed over when full.
    const size_t at = block_.size();
    block_.resize(at + columns_);
    double* row = block_.data() + at;
    row[0] = t;
    const size_t given = std::min(count, columns_ - 1);
    std::copy(values, values + given, row + 1);
    std::fill(row + 1 + given, row + columns_, 0.0);
    ++rows_;
    if (block_.size() >= kBlockRows * columns_) handOver();
}

void CsvStreamWriter::handOver() {
    if (block_.empty()) return;
    std::vector<double> next;
    next.reserve(kBlockRows * columns_);
    {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [this] { return queue_.size() < kMaxQueuedBlocks; });
        queue_.push_back(std::move(block_));
    }
    changed_.notify_all();
    block_ = std::move(next);
}

void CsvStreamWriter::formatLoop() {
    std::string text;
    for (;;) {
        std::vector<double> block;
        {
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [this] { return !queue_.empty() || closing_; });
            if (queue_.empty()) return;  // closing, and everything is written
            block = std::move(queue_.front());
            queue_.pop_front();
        }
        changed_.notify_all();
        text.clear();
        for (size_t r = 0; r + columns_ <= block.size(); r += columns_) appendCsvRow(text, block.data() + r, columns_);
        file_->write(text.data(), static_cast<qint64>(text.size()));
    }
}

void CsvStreamWriter::stopThread() {
    if (!formatter_.joinable()) return;
    {
        std::lock_guard lock(mutex_);
        closing_ = true;
    }
    changed_.notify_all();
    formatter_.join();
}

QString CsvStreamWriter::commit() {
    if (!file_) return "cannot write " + path_ + ": not open";
    handOver();
    stopThread();
    const bool ok = file_->commit();
    const QString e = ok ? QString() : "cannot write " + path_ + ": " + file_->errorString();
    file_.reset();
    return e;
}

}  // namespace hs::service
