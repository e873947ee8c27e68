// SPDX-License-Identifier: GPL-3.0-or-later
// Hopsan's kind of each mapped type (HopsanKind: C, Q or S, from the type's base class in
// Hopsan's componentLibraries/defaultLibrary): every row of the type map has one, it agrees with
// the cqstype the Hopsan files in tests/data/hopsan record, and a flow sensor between two types
// whose kind was once unknown (a valve and a hose) resolves to the Q-type side.
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

#include "model/hopsan_node_flow.h"
#include "model/hopsan_type_map.h"

using namespace hs::model;

class TestHopsanKinds : public QObject {
    Q_OBJECT
private slots:
    void everyRowHasAKind() {
        for (const HopsanTypeMapping& m : hopsanTypeMap())
            QVERIFY2(m.kind != HopsanKind::Unknown, m.hopsanType);
    }

    // Newer Hopsan files write each component's cqstype; where they do, ours must say the same.
    void kindsAgreeWithHopsanFiles() {
        const QRegularExpression component(QStringLiteral("<component typename=\"(\\w+)\"[^>]*cqstype=\"([CQS])\""));
        int compared = 0;
        QDirIterator it(QStringLiteral(HS_HOPSAN_DATA), {"*.hmf"}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QString xml = QString::fromUtf8(f.readAll());
            for (auto match = component.globalMatch(xml); match.hasNext();) {
                const auto hit = match.next();
                const HopsanTypeMapping* m = findHopsanType(hit.captured(1));
                if (!m) continue;
                const HopsanKind want = hit.captured(2) == "C" ? HopsanKind::C : hit.captured(2) == "Q" ? HopsanKind::Q : HopsanKind::S;
                QVERIFY2(m->kind == want, qPrintable(hit.captured(1) + " is " + hit.captured(2) + " in " + f.fileName()));
                ++compared;
            }
        }
        QVERIFY(compared >= 30);  // 43 components in two files, some unmapped (SignalSink is S too)
    }

    void flowSensorBetweenValveAndHose() {
        HopsanModel m;
        m.components = {{"Valve", "Hydraulic22Valve", {}}, {"Hose", "HydraulicHose", {}}, {"Sensor", "HydraulicFlowSensor", {}}};
        m.connections = {{"Valve", "PA", "Hose", "P1"}, {"Sensor", "P1", "Hose", "P1"}};
        const HopsanNodeFlow f = nodeFlowPort(m, "Sensor", "P1");
        QVERIFY2(f.error.isEmpty(), qPrintable(f.error));
        QCOMPARE(f.component, QString("Valve"));
        QCOMPARE(f.port, QString("PA"));
        QVERIFY(f.outOf);
    }
};

QTEST_GUILESS_MAIN(TestHopsanKinds)
#include "test_hopsan_kinds.moc"
