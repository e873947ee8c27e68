// SPDX-License-Identifier: GPL-3.0-or-later
// A recorded dataset: named columns of equal length, written as CSV (docs/learned-models.md):
// lines starting with '#' are comments ("# key: value" carries provenance), then one header
// line of column names, then one row per sample, '.' as decimal point, 17 significant digits.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace hs::learn {

struct Dataset {
    std::vector<std::pair<std::string, std::string>> meta;  // "# key: value" lines
    std::vector<std::string> names;
    std::vector<std::vector<double>> columns;
    size_t rows() const { return columns.empty() ? 0 : columns.front().size(); }
    int column(const std::string& name) const;
    std::string metaValue(const std::string& key) const;
};

[[nodiscard]] bool writeDatasetCsv(const std::string& path, const Dataset& d, std::string& error);
[[nodiscard]] bool readDatasetCsv(const std::string& path, Dataset& d, std::string& error);

// FNV-1a 64-bit hash, as 16 hex digits: a fingerprint of what a model was trained on.
std::uint64_t fnv1a(const void* data, size_t size, std::uint64_t h = 14695981039346656037ull);
std::string hashHex(std::uint64_t h);
// Fingerprint of the dataset's numbers and names (not of its comments).
std::string datasetHash(const Dataset& d);

// Seeded random split of n samples into training / validation / test index sets (each sorted).
struct Split {
    std::vector<int> train, validation, test;
};
Split splitSamples(int n, double trainFraction, double validationFraction, std::uint64_t seed);

}  // namespace hs::learn
