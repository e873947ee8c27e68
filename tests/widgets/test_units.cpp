// SPDX-License-Identifier: GPL-3.0-or-later
// Unit parsing and formatting of the property editor: values typed in trade units land in SI.
#include <QtTest>

#include <cmath>
#include <numbers>

#include "units.h"

using hs::widgets::Units;

class TestUnits : public QObject {
    Q_OBJECT
private slots:
    void parse_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("si");
        QTest::addColumn<QString>("shown");
        QTest::addColumn<double>("expected");
        QTest::newRow("bar") << "120 bar" << "Pa" << "bar" << 1.2e7;
        QTest::newRow("bare number in shown unit") << "120" << "Pa" << "bar" << 1.2e7;
        QTest::newRow("MPa") << "14 MPa" << "Pa" << "bar" << 1.4e7;
        QTest::newRow("Pa exponent") << "1.5e9 Pa" << "Pa" << "bar" << 1.5e9;
        QTest::newRow("psi") << "1000 psi" << "Pa" << "bar" << 6894757.293168361;
        QTest::newRow("decimal comma") << "2,5 L" << "m3" << "cm3" << 2.5e-3;
        QTest::newRow("cm3") << "10 cm3" << "m3" << "L" << 1e-5;
        QTest::newRow("litres default") << "0.5" << "m3" << "L" << 5e-4;
        QTest::newRow("mm") << "25 mm" << "m" << "m" << 0.025;
        QTest::newRow("L/min") << "10 L/min" << "m3/s" << "L/min" << 10e-3 / 60;
        QTest::newRow("m3/s") << "1e-4 m3/s" << "m3/s" << "L/min" << 1e-4;
        QTest::newRow("case-insensitive unit") << "3 BAR" << "Pa" << "bar" << 3e5;
        QTest::newRow("dimensionless") << "0.61" << "-" << "-" << 0.61;
        QTest::newRow("cm3/rev") << "28 cm3/rev" << "m3/rev" << "cm3/rev" << 28e-6;
        QTest::newRow("rpm") << "1500 rpm" << "rad/s" << "rpm" << 1500 * (std::numbers::pi / 30);
        QTest::newRow("rad/s") << "100 rad/s" << "rad/s" << "rpm" << 100.0;
        QTest::newRow("kN*m") << "2 kN*m" << "N*m" << "N*m" << 2000.0;
        QTest::newRow("negative") << "-1 bar" << "Pa" << "bar" << -1e5;
        // Issue 13: powers as people write them.
        QTest::newRow("mm^2") << "12 mm^2" << "m2" << "mm2" << 12e-6;
        QTest::newRow("mm²") << QString::fromUtf8("12 mm\u00b2") << "m2" << "mm2" << 12e-6;
        QTest::newRow("cm^3") << "10 cm^3" << "m3" << "L" << 1e-5;
    }
    // Issue 13: "10 ml" was saved as 9.999999999999999e-06. A decimal prefix gives the double
    // nearest the decimal value, bit for bit, so the file shows what was typed.
    void decimalPrefixesExact_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("si");
        QTest::addColumn<double>("expected");
        QTest::newRow("10 ml") << "10 ml" << "m3" << 1e-5;
        QTest::newRow("10 cm3") << "10 cm3" << "m3" << 1e-5;
        QTest::newRow("3 mm3") << "3 mm3" << "m3" << 3e-9;
        QTest::newRow("0.7 L") << "0.7 L" << "m3" << 0.7e-3;
        QTest::newRow("12 mm2") << "12 mm2" << "m2" << 12e-6;
        QTest::newRow("3 mm") << "3 mm" << "m" << 3e-3;
        QTest::newRow("30 ms") << "30 ms" << "s" << 30e-3;
        QTest::newRow("7 us") << "7 us" << "s" << 7e-6;
    }
    void decimalPrefixesExact() {
        QFETCH(QString, text);
        QFETCH(QString, si);
        QFETCH(double, expected);
        QString err;
        const auto v = Units::parse(text, si, {}, &err);
        QVERIFY2(v.has_value(), qPrintable(err));
        QCOMPARE(QString::number(*v, 'g', 17), QString::number(expected, 'g', 17));
    }
    void parse() {
        QFETCH(QString, text);
        QFETCH(QString, si);
        QFETCH(QString, shown);
        QFETCH(double, expected);
        QString err;
        const auto v = Units::parse(text, si, shown, &err);
        QVERIFY2(v.has_value(), qPrintable(err));
        QVERIFY2(std::abs(*v - expected) <= 1e-12 * std::abs(expected), qPrintable(QString::number(*v, 'g', 17)));
    }
    void rejects_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("si");
        QTest::addColumn<QString>("needle");
        QTest::newRow("wrong family") << "10 L" << "Pa" << "unknown unit 'L'";
        QTest::newRow("not a number") << "abc" << "Pa" << "not a number";
        QTest::newRow("empty") << "" << "Pa" << "required";
        QTest::newRow("unit on dimensionless") << "3 bar" << "-" << "no unit";
        QTest::newRow("mPa is not MPa") << "3 mpa" << "Pa" << "";
    }
    void rejects() {
        QFETCH(QString, text);
        QFETCH(QString, si);
        QFETCH(QString, needle);
        QString err;
        const auto v = Units::parse(text, si, "bar", &err);
        if (needle.isEmpty()) {  // "mpa": case-insensitive match is unique (MPa), accepted
            QVERIFY(v.has_value());
            QCOMPARE(*v, 3e6);
            return;
        }
        QVERIFY(!v.has_value());
        QVERIFY2(err.contains(needle), qPrintable(err));
    }
    void formatRoundTrip_data() {
        QTest::addColumn<double>("v");
        QTest::addColumn<QString>("si");
        QTest::addColumn<QString>("text");
        QTest::newRow("140 bar") << 1.4e7 << "Pa" << "140 bar";
        QTest::newRow("10 cm3") << 1e-5 << "m3" << "10 cm3";
        QTest::newRow("1 L") << 1e-3 << "m3" << "1 L";
        QTest::newRow("10 L/min") << 10e-3 / 60 << "m3/s" << "10 L/min";
        QTest::newRow("25 mm") << 0.025 << "m" << "25 mm";
        QTest::newRow("coefficient") << 0.6 << "-" << "0.6";
        QTest::newRow("bulk modulus") << 1.5e9 << "Pa" << "1.5 GPa";
        QTest::newRow("tolerance") << 10.0 << "Pa" << "10 Pa";
    }
    void formatRoundTrip() {
        QFETCH(double, v);
        QFETCH(QString, si);
        QFETCH(QString, text);
        QCOMPARE(Units::format(v, si), text);
        QString err;
        const auto back = Units::parse(text, si, {}, &err);
        QVERIFY(back.has_value());
        QVERIFY(std::abs(*back - v) <= 1e-9 * std::abs(v));
    }
};

QTEST_MAIN(TestUnits)
#include "test_units.moc"
