// SPDX-License-Identifier: GPL-3.0-or-later
// Simulation > Run Inverse in the main window: the gear-hobbing Cyl 3 example opened, the action
// triggered, the result window shows the replayed forward trace over the prescribed one and a
// round-trip error below 1e-6 m (docs/inverse.md); and the editor's live check of inverse mode.
#include <QtTest>

#include <QDialog>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <qcustomplot.h>

#include "action_table.h"
#include "gui_settings.h"
#include "main_window.h"
#include "widgets_test_util.h"

using namespace hs;

class TestInverseWindow : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    std::unique_ptr<QSettings> qs_;
    std::unique_ptr<gui::GuiSettings> settings_;
    std::unique_ptr<gui::MainWindow> w_;

private slots:
    void runInverseOverlaysTheReplay() {
        qs_ = std::make_unique<QSettings>(tmp_.filePath("s.ini"), QSettings::IniFormat);
        settings_ = std::make_unique<gui::GuiSettings>(*qs_);
        w_ = std::make_unique<gui::MainWindow>(gui::MainWindowContext{widgets::test::registry(), *settings_, HS_EXAMPLES_DIR, tmp_.filePath("rec")});
        w_->show();
        QString err;
        QVERIFY2(w_->openExample(QDir(HS_EXAMPLES_DIR).filePath("gear_hobbing_cyl3.hydro.json"), &err), qPrintable(err));
        w_->actions().get("sim.inverse")->trigger();
        QDialog* d = w_->findChild<QDialog*>();
        QVERIFY(d);
        const QLabel* summary = d->findChild<QLabel*>("inverseSummary");
        QVERIFY(summary);
        const QRegularExpressionMatch m = QRegularExpression("x_prescribed\\| = ([0-9.eE+-]+) m").match(summary->text());
        QVERIFY2(m.hasMatch(), qPrintable(summary->text()));
        QVERIFY(m.captured(1).toDouble() < 1e-6);
        const auto plots = d->findChildren<QCustomPlot*>();
        QCOMPARE(plots.size(), 4);
        QCOMPARE(plots.front()->graphCount(), 2);  // prescribed and forward replay overlaid
        QVERIFY(plots.front()->graph(1)->data()->size() > 1000);
        const QPushButton* exportButton = d->findChild<QPushButton*>("inverseExport");
        QVERIFY(exportButton && exportButton->isEnabled());
        d->close();
    }

    // The editor checks inverse mode live: the example as shipped passes, a kinked profile
    // (t_ramp = 0) is named in the check's tooltip while the forward configurations still compile.
    void editorChecksInverseMode() {
        QString err;
        QVERIFY2(w_->openExample(QDir(HS_EXAMPLES_DIR).filePath("gear_hobbing_cyl3.hydro.json"), &err), qPrintable(err));
        w_->flushCheck();
        QVERIFY2(w_->checkText().contains("circuit valid") && !w_->checkText().contains("inverse"), qPrintable(w_->checkText()));
        QVERIFY(w_->document().setNumber("motion", "t_ramp", 0.0));
        w_->flushCheck();
        QVERIFY2(w_->checkText().contains("inverse not possible"), qPrintable(w_->checkText()));
        const QLabel* label = w_->findChild<QLabel*>("circuitCheck");
        QVERIFY(label);
        QVERIFY2(label->toolTip().contains("C^0"), qPrintable(label->toolTip()));
    }
};

QTEST_MAIN(TestInverseWindow)
#include "test_inverse_window.moc"
