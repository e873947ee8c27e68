// SPDX-License-Identifier: GPL-3.0-or-later
#include "csv_stream_writer.h"

#include <algorithm>

#include "csv.h"

namespace hs::service {

namespace {
constexpr size_t kFlushBytes = size_t(1) << 16;
}

QString CsvStreamWriter::open(const QString& path, const std::vector<std::string>& names, const std::vector<std::string>& units) {
    path_ = path;
    rows_ = 0;
    file_ = std::make_unique<QSaveFile>(path);
    if (!file_->open(QIODevice::WriteOnly | QIODevice::Text)) return "cannot write " + path + ": " + file_->errorString();
    std::vector<std::string> n{"time"}, u{"s"};
    n.insert(n.end(), names.begin(), names.end());
    u.insert(u.end(), units.begin(), units.end());
    buffer_ = csvHeader(n, u);
    buffer_.reserve(2 * kFlushBytes);
    record_.assign(n.size(), 0.0);
    return {};
}

void CsvStreamWriter::row(double t, const double* values, size_t count) {
    record_[0] = t;
    std::copy(values, values + std::min(count, record_.size() - 1), record_.begin() + 1);
    appendCsvRow(buffer_, record_.data(), record_.size());
    ++rows_;
    if (buffer_.size() >= kFlushBytes) flush();
}

void CsvStreamWriter::flush() {
    if (file_ && !buffer_.empty()) file_->write(buffer_.data(), static_cast<qint64>(buffer_.size()));
    buffer_.clear();
}

QString CsvStreamWriter::commit() {
    if (!file_) return "cannot write " + path_ + ": not open";
    flush();
    const bool ok = file_->commit();
    const QString e = ok ? QString() : "cannot write " + path_ + ": " + file_->errorString();
    file_.reset();
    return e;
}

}  // namespace hs::service
