// SPDX-License-Identifier: GPL-3.0-or-later
#include "dataset.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>

namespace hs::learn {

int Dataset::column(const std::string& name) const {
    for (size_t i = 0; i < names.size(); ++i)
        if (names[i] == name) return static_cast<int>(i);
    return -1;
}

std::string Dataset::metaValue(const std::string& key) const {
    for (const auto& [k, v] : meta)
        if (k == key) return v;
    return {};
}

bool writeDatasetCsv(const std::string& path, const Dataset& d, std::string& error) {
    const std::string tmp = path + ".part";
    {
        std::ofstream out(tmp, std::ios::binary);
        if (!out) { error = "cannot write '" + path + "'"; return false; }
        for (const auto& [k, v] : d.meta) out << "# " << k << ": " << v << '\n';
        for (size_t i = 0; i < d.names.size(); ++i) out << (i ? "," : "") << d.names[i];
        out << '\n';
        char buf[32];
        for (size_t r = 0; r < d.rows(); ++r) {
            for (size_t c = 0; c < d.columns.size(); ++c) {
                auto res = std::to_chars(buf, buf + sizeof buf, d.columns[c][r]);
                if (c) out << ',';
                out.write(buf, res.ptr - buf);
            }
            out << '\n';
        }
        if (!out) { error = "write error on '" + path + "'"; return false; }
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) { error = "cannot rename to '" + path + "'"; return false; }
    return true;
}

bool readDatasetCsv(const std::string& path, Dataset& d, std::string& error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) { error = "cannot open dataset '" + path + "'"; return false; }
    d = {};
    std::string line;
    size_t lineNo = 0;
    bool header = false;
    while (std::getline(in, line)) {
        ++lineNo;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        if (line[0] == '#') {
            const auto colon = line.find(':');
            if (colon != std::string::npos) {
                std::string k = line.substr(1, colon - 1), v = line.substr(colon + 1);
                auto trim = [](std::string& s) {
                    s.erase(0, s.find_first_not_of(' '));
                    s.erase(s.find_last_not_of(' ') + 1);
                };
                trim(k);
                trim(v);
                d.meta.emplace_back(k, v);
            }
            continue;
        }
        if (!header) {
            std::stringstream ss(line);
            std::string name;
            while (std::getline(ss, name, ',')) d.names.push_back(name);
            d.columns.assign(d.names.size(), {});
            header = true;
            continue;
        }
        const char* p = line.data();
        const char* end = p + line.size();
        for (size_t c = 0; c < d.names.size(); ++c) {
            double v = 0;
            auto res = std::from_chars(p, end, v);
            if (res.ec != std::errc()) {
                error = path + ":" + std::to_string(lineNo) + ": column '" + d.names[c] + "' is not a number";
                return false;
            }
            d.columns[c].push_back(v);
            p = res.ptr;
            if (c + 1 < d.names.size()) {
                if (p == end || *p != ',') {
                    error = path + ":" + std::to_string(lineNo) + ": expected " + std::to_string(d.names.size()) + " columns";
                    return false;
                }
                ++p;
            }
        }
    }
    if (!header) { error = "dataset '" + path + "' has no header line"; return false; }
    return true;
}

std::uint64_t fnv1a(const void* data, size_t size, std::uint64_t h) {
    const auto* b = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < size; ++i) {
        h ^= b[i];
        h *= 1099511628211ull;
    }
    return h;
}

std::string hashHex(std::uint64_t h) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

std::string datasetHash(const Dataset& d) {
    std::uint64_t h = fnv1a(nullptr, 0);
    for (const auto& n : d.names) h = fnv1a(n.data(), n.size() + 1, h);
    for (const auto& c : d.columns) h = fnv1a(c.data(), c.size() * sizeof(double), h);
    return hashHex(h);
}

Split splitSamples(int n, double trainFraction, double validationFraction, std::uint64_t seed) {
    std::vector<int> idx(static_cast<size_t>(std::max(n, 0)));
    std::iota(idx.begin(), idx.end(), 0);
    std::mt19937_64 rng(seed);
    // Fisher-Yates with our own draws: std::shuffle's use of the engine is implementation-defined.
    for (size_t i = idx.size(); i > 1; --i) std::swap(idx[i - 1], idx[static_cast<size_t>(rng() % i)]);
    const auto nt = static_cast<size_t>(trainFraction * n + 0.5);
    const auto nv = std::min(idx.size() - nt, static_cast<size_t>(validationFraction * n + 0.5));
    Split s;
    s.train.assign(idx.begin(), idx.begin() + static_cast<long>(nt));
    s.validation.assign(idx.begin() + static_cast<long>(nt), idx.begin() + static_cast<long>(nt + nv));
    s.test.assign(idx.begin() + static_cast<long>(nt + nv), idx.end());
    std::sort(s.train.begin(), s.train.end());
    std::sort(s.validation.begin(), s.validation.end());
    std::sort(s.test.begin(), s.test.end());
    return s;
}

}  // namespace hs::learn
