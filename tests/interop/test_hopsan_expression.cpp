// SPDX-License-Identifier: GPL-3.0-or-later
// Hopsan parameter expressions (core/model/hopsan_expression.h): values, precedence and
// associativity, unary signs, names, and an error saying what and where for everything else;
// through the importer: system parameters that are expressions themselves, a cycle, and the
// message naming the component and the parameter.
#include <QtTest>

#include "model/hopsan_expression.h"
#include "model/hopsan_import.h"

using namespace hs::model;

namespace {

std::optional<double> names(const QString& n, QString* error) {
    if (n == "A1") return 2.0;
    if (n == "A2") return 3.0;
    if (n == "p_s") return 21e5;
    *error = QStringLiteral("'%1' is not a system parameter").arg(n);
    return std::nullopt;
}

QByteArray modelWith(const QString& systemParameters, const QString& components) {
    return QStringLiteral(
               "<?xml version=\"1.0\"?><hopsanmodelfile hmfversion=\"0.4\"><system name=\"M\" typename=\"Subsystem\">"
               "<simulationtime start=\"0\" timestep=\"0.001\" stop=\"2\"/><parameters>%1</parameters>"
               "<objects>%2</objects><connections/></system></hopsanmodelfile>")
        .arg(systemParameters, components)
        .toUtf8();
}

QString sysParam(const QString& name, const QString& value) {
    return QStringLiteral("<parameter name=\"%1\" value=\"%2\" type=\"double\"/>").arg(name, value);
}

QString gain(const QString& name, const QString& k) {
    return QStringLiteral("<component name=\"%1\" typename=\"SignalGain\"><parameters>"
                          "<parameter name=\"k::Value\" value=\"%2\"/></parameters></component>").arg(name, k);
}

}  // namespace

class TestHopsanExpression : public QObject {
    Q_OBJECT
private slots:
    void values_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("expected");
        QTest::newRow("number") << "1e5" << 1e5;
        QTest::newRow("decimal exponent") << "1.5e-3" << 1.5e-3;
        QTest::newRow("leading dot") << ".5" << 0.5;
        QTest::newRow("name") << "A1" << 2.0;
        QTest::newRow("unary minus name") << "-A2" << -3.0;
        QTest::newRow("product with name") << "2*A1" << 4.0;
        QTest::newRow("precedence") << "1+2*3" << 7.0;
        QTest::newRow("mixed") << "2*3-4/2" << 4.0;
        QTest::newRow("parentheses") << "(1+2)*3" << 9.0;
        QTest::newRow("left-assoc division") << "8/2/2" << 2.0;
        QTest::newRow("left-assoc minus") << "2-3-4" << -5.0;
        QTest::newRow("double minus") << "-(-2)" << 2.0;
        QTest::newRow("unary plus") << "+3" << 3.0;
        QTest::newRow("minus after times") << "A1*-2" << -4.0;
        QTest::newRow("spaces") << " ( p_s - 1e5 ) / 2 " << 10e5;
        QTest::newRow("200 levels") << QString(198, QChar(0x28)) + "-2" + QString(198, QChar(0x29)) << -2.0;
    }
    void values() {
        QFETCH(QString, text);
        QFETCH(double, expected);
        const ExpressionValue v = evaluateExpression(text, names);
        QVERIFY2(v.value, qPrintable(v.error));
        QCOMPARE(*v.value, expected);
    }
    void errors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("dangling operator") << "2*" << "ends where a value is expected (at character 3)";
        QTest::newRow("function") << "sin(1)" << "functions such as 'sin(...)' are not supported (at character 1)";
        QTest::newRow("unknown name") << "A1+A3" << "'A3' is not a system parameter (at character 4)";
        QTest::newRow("power") << "2^3" << "unexpected '^' (at character 2)";
        QTest::newRow("open parenthesis") << "(1+2" << "missing ')' (at character 5)";
        QTest::newRow("division by zero") << "1/(A1-2)" << "division by zero (at character 2)";
        QTest::newRow("two numbers") << "1 2" << "unexpected '2' (at character 3)";
        QTest::newRow("empty") << "  " << "empty value";
        QTest::newRow("comparison") << "A1>1" << "unexpected '>'";
        QTest::newRow("deep parentheses") << QString(100000, '(') + "1" << "nested more than 200 levels deep";
        QTest::newRow("long sign chain") << QString(100000, '-') + "1" << "nested more than 200 levels deep";
    }
    void errors() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        const ExpressionValue v = evaluateExpression(text, names);
        QVERIFY(!v.value);
        QVERIFY2(v.error.contains(message), qPrintable(v.error));
    }
    void systemParameterExpressionsImported() {
        const HopsanReadResult read = readHopsanModel(
            modelWith(sysParam("A1", "1.5") + sysParam("A2", "2*A1") + sysParam("A4", "-(A2 + 1)/2"),
                      gain("Gain_1", "-A2") + gain("Gain_2", "2*A1") + gain("Gain_3", "A4*A4")));
        QVERIFY2(read.model, qPrintable(read.error));
        const HopsanImport imp = importHopsan(*read.model, {});
        QVERIFY2(imp.circuit, qPrintable(imp.errors.join('\n')));
        QCOMPARE(imp.circuit->component("Gain_1")->num.at("k"), -3.0);
        QCOMPARE(imp.circuit->component("Gain_2")->num.at("k"), 3.0);
        QCOMPARE(imp.circuit->component("Gain_3")->num.at("k"), 4.0);
    }
    void errorNamesComponentAndParameter() {
        const HopsanReadResult read = readHopsanModel(modelWith(sysParam("A1", "2"), gain("Gain_1", "2^A1")));
        const HopsanImport imp = importHopsan(*read.model, {});
        QVERIFY(!imp.circuit);
        QCOMPARE(imp.errors.size(), 1);
        QVERIFY2(imp.errors[0].contains("Gain_1 (SignalGain)") && imp.errors[0].contains("parameter k = '2^A1'") &&
                     imp.errors[0].contains("unexpected '^'"),
                 qPrintable(imp.errors[0]));
    }
    void cycleOfSystemParameters() {
        const HopsanReadResult read = readHopsanModel(modelWith(sysParam("a", "b+1") + sysParam("b", "2*a"), gain("G", "a")));
        const HopsanImport imp = importHopsan(*read.model, {});
        QVERIFY(!imp.circuit);
        QVERIFY2(imp.errors.join('\n').contains("more than 8 levels deep"), qPrintable(imp.errors.join('\n')));
    }
    void innerErrorNamesTheSystemParameter() {
        const HopsanReadResult read = readHopsanModel(modelWith(sysParam("A2", "3*B"), gain("G", "-A2")));
        const HopsanImport imp = importHopsan(*read.model, {});
        QVERIFY2(imp.errors.join('\n').contains("system parameter A2 = '3*B': 'B' is not a system parameter"),
                 qPrintable(imp.errors.join('\n')));
    }
};

QTEST_GUILESS_MAIN(TestHopsanExpression)
#include "test_hopsan_expression.moc"
