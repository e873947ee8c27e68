// SPDX-License-Identifier: GPL-3.0-or-later
// core/sim/thevenin_flow.h: the turbulent orifice (with its laminar band) solved against two
// Thevenin sources p0 = c0 - z0*q, p1 = c1 + z1*q must satisfy its own flow law.
#include <QtTest>

#include <cmath>
#include <random>

#include "sim/thevenin_flow.h"

using namespace hs::sim;

namespace {

// |q - k*flowRoot(p0 - p1)| relative to the flow scale of the band, less what rounding the port
// pressures (about eps*|c|) can explain through the law's largest slope 1.25*k/sqrt(dpTr)
double lawResidual(double q, double k, double dpTr, double c0, double c1, double z0, double z1) {
    const double p0 = c0 - z0 * q, p1 = c1 + z1 * q;
    const double band = dpTr > 0 ? dpTr : 1e5;
    const double rounding = 1.25 * k / std::sqrt(band) * 8.0 * 2.2e-16 * (std::abs(c0) + std::abs(c1));
    return std::max(0.0, std::abs(q - k * flowRoot(p0 - p1, dpTr)) - rounding) / (std::abs(q) + k * std::sqrt(band));
}

}  // namespace

class TestTheveninFlow : public QObject {
    Q_OBJECT
private slots:
    void withoutBandIsBurtonsClosedForm() {
        const double q = turbulentOrificeThevenin(2.2e-8, 0.0, 1e7, 2e6, 3e9, 1e9);
        QCOMPARE(q, squareLawThevenin(2.2e-8, 1e7, 2e6, 3e9, 1e9));
        QVERIFY(lawResidual(q, 2.2e-8, 0.0, 1e7, 2e6, 3e9, 1e9) < 1e-14);
    }
    // A drop inside the 1 bar band: 0.5 bar between the sources, 1e9 Pa s/m3 of impedance.
    // The laminar cubic gives the flow; the square law would give a different one.
    void insideBandSolvesTheCubic() {
        const double k = 2.2e-8, dpTr = 1e5, c0 = 1e7 + 5e4, c1 = 1e7, z0 = 1e9, z1 = 0.0;
        const double q = turbulentOrificeThevenin(k, dpTr, c0, c1, z0, z1);
        const double dp = (c0 - z0 * q) - c1;
        QVERIFY2(std::abs(dp) < dpTr, qPrintable(QString::number(dp)));
        QVERIFY2(lawResidual(q, k, dpTr, c0, c1, z0, z1) < 1e-13, qPrintable(QString::number(q)));
        QVERIFY(std::abs(q - squareLawThevenin(k, c0, c1, z0, z1)) > 1e-3 * std::abs(q));
        // reverse flow is the mirror image
        QCOMPARE(turbulentOrificeThevenin(k, dpTr, c1, c0, z1, z0), -q);
    }
    void randomSourcesSatisfyTheLaw() {
        std::mt19937_64 rng(7);
        std::uniform_real_distribution<double> u(0.0, 1.0);
        int inBand = 0;
        for (int i = 0; i < 20000; ++i) {
            const double k = std::pow(10.0, -9.0 + 2.0 * u(rng));
            const double dpTr = std::pow(10.0, 3.0 + 3.0 * u(rng));
            const double c0 = 2e7 * u(rng), c1 = c0 + dpTr * (4.0 * u(rng) - 2.0) * (u(rng) < 0.5 ? 1.0 : 50.0);
            const double z0 = u(rng) < 0.2 ? 0.0 : std::pow(10.0, 7.0 + 5.0 * u(rng));
            const double z1 = z0 > 0 && u(rng) < 0.3 ? 0.0 : std::pow(10.0, 7.0 + 5.0 * u(rng));
            const double q = turbulentOrificeThevenin(k, dpTr, c0, c1, z0, z1);
            const double dp = (c0 - z0 * q) - (c1 + z1 * q);
            if (std::abs(dp) < dpTr) ++inBand;
            QVERIFY2(lawResidual(q, k, dpTr, c0, c1, z0, z1) < 1e-12,
                     qPrintable(QString("k %1 dpTr %2 c0 %3 c1 %4 z0 %5 z1 %6 q %7").arg(k).arg(dpTr).arg(c0).arg(c1).arg(z0).arg(z1).arg(q)));
        }
        QVERIFY2(inBand > 2000, qPrintable(QString::number(inBand)));  // the band is exercised
    }
};

QTEST_APPLESS_MAIN(TestTheveninFlow)
#include "test_thevenin_flow.moc"
