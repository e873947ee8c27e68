// SPDX-License-Identifier: GPL-3.0-or-later
// Layering (ARCHITECTURE §2/§3): core/ never uses widgets or plotting, and the engine core/sim
// does not include Qt at all. Scans the source tree given by HS_SOURCE_DIR.
#include <QtTest/QtTest>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace fs = std::filesystem;

namespace {

bool isSource(const fs::path& p) {
    const std::string e = p.extension().string();
    return e == ".h" || e == ".hpp" || e == ".cpp" || e == ".cc" || e == ".cxx" || e == ".txt" || e == ".cmake";
}

// "file:line: text" for every line of every source file under dir matching re.
std::vector<std::string> grep(const fs::path& dir, const std::regex& re, int* files = nullptr) {
    std::vector<std::string> hits;
    int n = 0;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
        if (!entry.is_regular_file() || !isSource(entry.path())) continue;
        ++n;
        std::ifstream in(entry.path());
        std::string line;
        for (int k = 1; std::getline(in, line); ++k)
            if (std::regex_search(line, re))
                hits.push_back(fs::relative(entry.path(), dir).string() + ":" + std::to_string(k) + ": " + line);
    }
    if (files) *files = n;
    return hits;
}

std::string join(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += x + "\n";
    return s;
}

}  // namespace

class TestLayering : public QObject {
    Q_OBJECT
private slots:
    void coreHasNoWidgets();
    void engineHasNoQt();
    void patternsWork();
};

void TestLayering::coreHasNoWidgets() {
    const fs::path core = fs::path(HS_SOURCE_DIR) / "core";
    QVERIFY(fs::is_directory(core));
    int files = 0;
    const auto hits = grep(core, std::regex("QWidget|QGraphics|QCustomPlot|QtWidgets|Qt6::Widgets"), &files);
    QVERIFY(files > 10);
    QVERIFY2(hits.empty(), join(hits).c_str());
}

void TestLayering::engineHasNoQt() {
    // the engine and the inverse solve built on it (core/inverse)
    for (const char* layer : {"sim", "inverse"}) {
        const fs::path dir = fs::path(HS_SOURCE_DIR) / "core" / layer;
        QVERIFY(fs::is_directory(dir));
        int files = 0;
        const auto hits = grep(dir, std::regex(R"(#\s*include\s*[<"]Q|\bQt6::|find_package\s*\(\s*Qt)"), &files);
        QVERIFY(files >= 5);
        QVERIFY2(hits.empty(), join(hits).c_str());
    }
}

void TestLayering::patternsWork() {
    // the patterns do catch what they are meant to catch (guards against a silently dead test)
    const std::regex qtInclude(R"(#\s*include\s*[<"]Q|\bQt6::|find_package\s*\(\s*Qt)");
    QVERIFY(std::regex_search("#include <QString>", qtInclude));
    QVERIFY(std::regex_search("#  include \"QtCore/QObject\"", qtInclude));
    QVERIFY(std::regex_search("target_link_libraries(x Qt6::Core)", qtInclude));
    QVERIFY(!std::regex_search("#include <queue>", qtInclude));
    QVERIFY(!std::regex_search("#include \"sim/system.h\"", qtInclude));
    const std::regex widget("QWidget|QGraphics|QCustomPlot|QtWidgets|Qt6::Widgets");
    QVERIFY(std::regex_search("class X : public QGraphicsItem", widget));
    QVERIFY(!std::regex_search("QString s;", widget));
}

QTEST_APPLESS_MAIN(TestLayering)
#include "test_layering.moc"
