// SPDX-License-Identifier: GPL-3.0-or-later
// Simulation > Train Surrogate... on Circuit 2's Vv (Pub III): before training the method pickers
// offer no narx for Vv; the dialog's job records a short data run and trains a tiny network on a
// worker thread with one report per epoch; Add to circuit writes the model beside the circuit and
// adds the configuration that runs it as one undo step; then narx is offered for Vv with its
// validation error, picking it in another configuration writes the model file, and undo removes
// the configuration again. Cancel keeps the recorded data, which the next start reuses.
#include <QtTest>

#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QStandardItemModel>
#include <QUndoStack>
#include <qcustomplot.h>

#include "action_table.h"
#include "circuit_scene.h"
#include "component_item.h"
#include "configuration_editor.h"
#include "gui_settings.h"
#include "main_window.h"
#include "method_panel.h"
#include "narx_train_dialog.h"
#include "narx_training.h"
#include "property_editor.h"
#include "widgets_test_util.h"

using namespace hs;

namespace {

bool entryEnabled(QComboBox* box, const QString& id) {
    auto* m = qobject_cast<QStandardItemModel*>(box->model());
    const int i = box->findData(id);
    return m && i >= 0 && m->item(i)->isEnabled();
}

// A short data run and a tiny network: the test is about the plumbing, not the fit.
gui::NarxTrainingSettings tinySettings(const model::Circuit& c) {
    gui::NarxTrainingSettings s = gui::defaultNarxTrainingSettings(c, "Vv");
    s.duration = 0.3;
    s.train.hidden = {3};
    s.train.lm.maxEpochs = 4;
    return s;
}

}  // namespace

class TestNarxTraining : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    std::unique_ptr<QSettings> qs_;
    std::unique_ptr<gui::GuiSettings> settings_;
    std::unique_ptr<gui::MainWindow> w_;
    QString path_;

private slots:
    void initTestCase() {
        // Circuit 2 without its shipped NARX configuration (its model file is not copied).
        QFile in(QDir(HS_EXAMPLES_DIR).filePath("circuit2_pub3_random.hydro.json"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QJsonObject root = QJsonDocument::fromJson(in.readAll()).object();
        QJsonArray kept;
        for (const auto v : root["configurations"].toArray())
            if (!QJsonDocument(v.toObject()).toJson().contains("\"narx\"")) kept.append(v);
        root["configurations"] = kept;
        path_ = tmp_.filePath("c2.hydro.json");
        QFile out(path_);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(root).toJson());
        out.close();
        qs_ = std::make_unique<QSettings>(tmp_.filePath("s.ini"), QSettings::IniFormat);
        settings_ = std::make_unique<gui::GuiSettings>(*qs_);
        w_ = std::make_unique<gui::MainWindow>(gui::MainWindowContext{widgets::test::registry(), *settings_, HS_EXAMPLES_DIR, tmp_.filePath("rec")});
        w_->show();
        QString err;
        QVERIFY2(w_->openFile(path_, &err), qPrintable(err));
    }

    void trainAttachPickUndo() {
        QVERIFY(!w_->actions().get("sim.trainSurrogate")->isEnabled());
        w_->scene().componentItem("Vv")->setSelected(true);
        QVERIFY(w_->actions().get("sim.trainSurrogate")->isEnabled());
        widgets::MethodPanel* panel = w_->properties().methodPanel();
        QVERIFY(!entryEnabled(panel->methodCombo(), "narx"));  // no model yet

        gui::NarxTrainDialog* d = w_->openTrainSurrogate();
        QVERIFY(d);
        gui::NarxTrainingJob& job = d->job();
        {  // the form starts at the CLI's defaults (hydrostiff-cli learn narx)
            gui::NarxTrainingSettings f;
            QString e;
            QVERIFY2(d->readSettings(f, &e), qPrintable(e));
            QCOMPARE(f.dataConfig, QString("RK4 1e-5"));
            QCOMPARE(f.duration, 50.0);
            QCOMPARE(f.sampleInterval, 1e-4);
            QCOMPARE(f.train.hidden, std::vector<int>({10, 10}));
            QCOMPARE(f.train.delay, 2);
            QCOMPARE(f.train.lm.maxEpochs, 1000);
            QCOMPARE(f.train.lm.maxFail, 6);
            QVERIFY(f.train.trainer == learn::Trainer::LevenbergMarquardt);
            QVERIFY(f.random.empty());
        }
        const int configsBefore = static_cast<int>(w_->document().circuit().configs.size());
        const int undoBefore = w_->undoStack().count();
        QSignalSpy done(&job, &gui::NarxTrainingJob::finished);
        QSignalSpy epochs(&job, &gui::NarxTrainingJob::epochFinished);
        QVERIFY2(job.start(tinySettings(w_->document().circuit())), qPrintable(job.error()));
        QVERIFY(job.running());
        QVERIFY(done.wait(60000));
        QCOMPARE(job.phase(), gui::NarxTrainingJob::Phase::Finished);
        QCOMPARE(job.dataRows(), size_t(3001));  // 0.3 s every 1e-4 s (10x the reference step)
        QCOMPARE(epochs.count(), job.result().lm.epochs);
        QCOMPARE(d->curve()->graph(0)->data()->size(), epochs.count());  // the live curve got every epoch
        QVERIFY(d->attachButton()->isEnabled());
        QVERIFY(QFileInfo::exists(tmp_.filePath("c2.Vv.narx.csv")));  // the data is kept beside the circuit
        QVERIFY2(d->statusLabel()->text().startsWith("Done"), qPrintable(d->statusLabel()->text()));
        QDir().mkpath(HS_SCREENSHOT_DIR);
        QVERIFY(d->grab().save(QString(HS_SCREENSHOT_DIR) + "/narx_train_dialog.png"));

        d->attachButton()->click();
        QVERIFY(QFileInfo::exists(tmp_.filePath("c2.Vv.narx")));
        QCOMPARE(w_->undoStack().count(), undoBefore + 1);
        const auto& configs = w_->document().circuit().configs;
        QCOMPARE(static_cast<int>(configs.size()), configsBefore + 1);
        const model::SolverConfigDoc& c = configs.back();
        QCOMPARE(c.name, QString("NARX Vv 0.0001"));
        QCOMPARE(c.dt, 1e-4);
        QCOMPARE(c.methods.at("Vv").method, QString("narx"));
        QCOMPARE(c.methods.at("Vv").text.at("model"), QString("c2.Vv.narx"));
        QCOMPARE(w_->scene().currentConfig(), c.name);

        // The picker offers narx now, with the validation error of the model.
        w_->scene().setCurrentConfig("RK4 1e-4");
        panel->setVolume("Vv");
        QComboBox* box = panel->methodCombo();
        QVERIFY(entryEnabled(box, "narx"));
        const QString text = box->itemText(box->findData("narx"));
        QVERIFY2(text.contains("validation MSE " + QString::fromStdString(job.result().model.infoValue("validation_mse"))), qPrintable(text));
        box->setCurrentIndex(box->findData("narx"));  // pick it in RK4 1e-4
        const auto* rk4 = w_->document().circuit().config("RK4 1e-4");
        QCOMPARE(rk4->methods.at("Vv").method, QString("narx"));
        QCOMPARE(rk4->methods.at("Vv").text.at("model"), QString("c2.Vv.narx"));
        QVERIFY(entryEnabled(w_->configurations().volumeMethodCombo("Vv"), "narx"));

        w_->undoStack().undo();  // the pick
        w_->undoStack().undo();  // the attach
        QCOMPARE(static_cast<int>(w_->document().circuit().configs.size()), configsBefore);
        d->close();
    }

    void cancelKeepsTheData() {
        gui::NarxTrainDialog* d = w_->openTrainSurrogate();
        QVERIFY(d);
        gui::NarxTrainingJob& job = d->job();
        gui::NarxTrainingSettings s = tinySettings(w_->document().circuit());
        s.train.lm.maxEpochs = 100000;
        s.train.lm.maxFail = 100000;
        QSignalSpy done(&job, &gui::NarxTrainingJob::finished);
        QObject::connect(&job, &gui::NarxTrainingJob::epochFinished, &job, [&job](const learn::EpochReport& r) {
            if (r.epoch == 2) job.cancel();
        });
        QVERIFY(job.start(s));
        QVERIFY(done.wait(60000));
        QCOMPARE(job.phase(), gui::NarxTrainingJob::Phase::Cancelled);
        QVERIFY(job.hasData());
        QVERIFY(job.hasModel());  // the best weights so far can be kept
        QVERIFY(job.result().lm.bestEpoch >= 1);
        QVERIFY(d->statusLabel()->text().contains("kept"));
        // Started again with the same data settings: no second data run, training at once.
        QSignalSpy phases(&job, &gui::NarxTrainingJob::phaseChanged);
        s.train.lm.maxEpochs = 2;
        QVERIFY(job.start(s));
        QCOMPARE(job.phase(), gui::NarxTrainingJob::Phase::Training);
        QVERIFY(done.wait(60000));
        QCOMPARE(job.phase(), gui::NarxTrainingJob::Phase::Finished);
        d->close();
    }
};

QTEST_MAIN(TestNarxTraining)
#include "test_narx_training.moc"
