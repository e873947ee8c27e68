// SPDX-License-Identifier: GPL-3.0-or-later
// Every registered type has an SVG symbol whose port ids are exactly its declared ports, with
// the anchors on the 10 px grid and on the symbol's outline region.
#include <QtTest>

#include <cmath>

#include "symbol_library.h"
#include "widgets_test_util.h"

using namespace hs::widgets;

class TestSymbols : public QObject {
    Q_OBJECT
private slots:
    void everyTypeHasMatchingSymbol() {
        SymbolLibrary lib(test::registry());
        const QStringList problems = lib.problems();
        QVERIFY2(problems.isEmpty(), qPrintable("\n" + problems.join('\n')));
    }
    void portsOnGridAndBody_data() {
        QTest::addColumn<QString>("type");
        for (const auto* s : test::registry().all()) QTest::newRow(s->type.c_str()) << QString::fromStdString(s->type);
    }
    void portsOnGridAndBody() {
        QFETCH(QString, type);
        SymbolLibrary lib(test::registry());
        const Symbol& s = lib.symbol(type);
        QVERIFY2(!s.fallback, qPrintable(s.problem));
        const auto* spec = test::registry().find(type.toStdString());
        QCOMPARE(s.ports.size(), static_cast<qsizetype>(spec->ports.size()));
        for (auto it = s.ports.begin(); it != s.ports.end(); ++it) {
            const QPointF p = it.value();
            // On the grid relative to the pivot, so that a component on the grid has its ports there.
            QVERIFY2(std::fmod(std::abs(p.x()), 10.0) < 1e-6 && std::fmod(std::abs(p.y()), 10.0) < 1e-6,
                     qPrintable(QString("%1.%2 at (%3, %4)").arg(type, it.key()).arg(p.x()).arg(p.y())));
            QVERIFY2(s.bounds.adjusted(-0.5, -0.5, 0.5, 0.5).contains(p), qPrintable(type + "." + it.key() + " outside the body"));
        }
    }
    void fallbackForMissingFile() {
        // A folder without symbols: every type is a labelled box with its declared ports, reported.
        SymbolLibrary lib(test::registry(), QDir::tempPath() + "/no-such-symbol-dir");
        const Symbol& s = lib.symbol("DirectionalValve43");
        QVERIFY(s.fallback);
        QCOMPARE(s.ports.size(), 5);
        QVERIFY(s.ports.contains("T") && s.ports.contains("U"));
        QCOMPARE(lib.problems().size(), static_cast<qsizetype>(test::registry().all().size()));
    }
    void portIdMismatchReported() {
        QTemporaryDir dir;
        QFile f(dir.filePath("Tank.svg"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'><rect x='0' y='0' width='40' height='30' stroke='black' fill='none'/><circle id='port-X' cx='20' cy='0' r='2'/></svg>");
        f.close();
        SymbolLibrary lib(test::registry(), dir.path());
        const Symbol& s = lib.symbol("Tank");
        QVERIFY(!s.fallback);
        QVERIFY2(s.problem.contains("missing in the SVG: P") && s.problem.contains("does not declare: X"), qPrintable(s.problem));
        QVERIFY(s.ports.contains("P"));  // kept wireable
    }
    void portAnchorFromSvg() {
        QTemporaryDir dir;
        QFile f(dir.filePath("Tank.svg"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        // viewBox 0..60 x 0..40: pivot (30, 20); port at (30, 0) -> local (0, -20); a translated group too.
        f.write("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 60 40'><g transform='translate(10,0)'><circle id='port-P' cx='20' cy='0' r='2'/></g></svg>");
        f.close();
        SymbolLibrary lib(test::registry(), dir.path());
        const Symbol& s = lib.symbol("Tank");
        QVERIFY2(s.problem.isEmpty(), qPrintable(s.problem));
        QCOMPARE(s.ports.value("P"), QPointF(0, -20));
        QCOMPARE(s.bounds, QRectF(-30, -20, 60, 40));
    }
};

QTEST_MAIN(TestSymbols)
#include "test_symbols.moc"
