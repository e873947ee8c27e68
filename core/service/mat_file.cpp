// SPDX-License-Identifier: GPL-3.0-or-later
#include "mat_file.h"

#include <QFile>
#include <array>
#include <cstdio>
#include <matio.h>

namespace hs::service {

namespace {

constexpr size_t kMaxNameLength = 63;  // MATLAB's namelengthmax

// A 1-by-n char array holding s (UTF-8).
matvar_t* charVar(const std::string& s) {
    size_t dims[2] = {1, s.size()};
    return Mat_VarCreate(nullptr, MAT_C_CHAR, MAT_T_UTF8, 2, dims, const_cast<char*>(s.data()), 0);  // copies
}

bool writeDoubles(mat_t* mat, const std::string& name, const std::vector<double>& v) {
    size_t dims[2] = {v.size(), 1};
    // matio only reads the data here (MAT_F_DONT_COPY_DATA: the vector stays ours).
    matvar_t* var = Mat_VarCreate(name.c_str(), MAT_C_DOUBLE, MAT_T_DOUBLE, 2, dims, const_cast<double*>(v.data()),
                                  MAT_F_DONT_COPY_DATA);
    if (!var) return false;
    const bool ok = Mat_VarWrite(mat, var, MAT_COMPRESSION_ZLIB) == 0;
    Mat_VarFree(var);
    return ok;
}

// rows[i] = {variable, name, unit}: an N-by-3 cell array, column-major as MATLAB stores it.
bool writeChannels(mat_t* mat, const std::vector<std::array<std::string, 3>>& rows) {
    size_t dims[2] = {rows.size(), 3};
    matvar_t* cell = Mat_VarCreate("channels", MAT_C_CELL, MAT_T_CELL, 2, dims, nullptr, 0);
    if (!cell) return false;
    for (size_t r = 0; r < rows.size(); ++r)
        for (size_t c = 0; c < 3; ++c) Mat_VarSetCell(cell, static_cast<int>(r + c * rows.size()), charVar(rows[r][c]));
    const bool ok = Mat_VarWrite(mat, cell, MAT_COMPRESSION_ZLIB) == 0;
    Mat_VarFree(cell);  // frees the cells too
    return ok;
}

}  // namespace

std::string matlabName(const std::string& name, std::set<std::string>& taken) {
    std::string s;
    for (const char ch : name) {
        const auto c = static_cast<unsigned char>(ch);
        const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (word) s += ch;
        else if (!s.empty() && s.back() != '_') s += '_';  // runs of anything else: one '_'
    }
    while (!s.empty() && s.back() == '_') s.pop_back();
    if (s.empty() || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'))) s = "x_" + s;
    if (s.size() > kMaxNameLength) s.resize(kMaxNameLength);
    std::string unique = s;
    for (int k = 2; taken.count(unique); ++k) {
        const std::string suffix = "_" + std::to_string(k);
        unique = s.substr(0, kMaxNameLength - suffix.size()) + suffix;
    }
    taken.insert(unique);
    return unique;
}

QString writeMat(const QString& path, const std::vector<CsvColumn>& columns) {
    if (columns.empty()) return "nothing to write to " + path;
    const size_t rows = columns.front().values.size();
    for (const auto& c : columns)
        if (c.values.size() != rows) return "MAT columns have different lengths (" + QString::fromStdString(c.name) + ")";
    // `channels` is ours; a probe named "channels" becomes channels_2.
    std::set<std::string> taken{"t", "channels"};
    std::vector<std::array<std::string, 3>> map{{"t", columns.front().name, columns.front().unit}};
    std::vector<std::string> names{"t"};
    for (size_t i = 1; i < columns.size(); ++i) {
        names.push_back(matlabName(columns[i].name, taken));
        map.push_back({names.back(), columns[i].name, columns[i].unit});
    }
    const QString tmp = path + ".part";
    QFile::remove(tmp);
    mat_t* mat = Mat_CreateVer(QFile::encodeName(tmp).constData(), nullptr, MAT_FT_MAT5);
    if (!mat) return "cannot write " + path + ": cannot create " + tmp;
    bool ok = true;
    for (size_t i = 0; i < columns.size() && ok; ++i) ok = writeDoubles(mat, names[i], columns[i].values);
    ok = ok && writeChannels(mat, map);
    ok = Mat_Close(mat) == 0 && ok;
    if (!ok) {
        QFile::remove(tmp);
        return "cannot write " + path + " (disk full?)";
    }
    if (std::rename(QFile::encodeName(tmp).constData(), QFile::encodeName(path).constData()) != 0) {
        QFile::remove(tmp);
        return "cannot write " + path + ": cannot replace the file";
    }
    return {};
}

}  // namespace hs::service
