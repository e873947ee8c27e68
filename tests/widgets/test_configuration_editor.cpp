// SPDX-License-Identifier: GPL-3.0-or-later
// The Configurations dock's TLM fields, driven by QTest input events: the default method (with
// its parameters), threads and the partition by hand; each edit is one undo step that restores
// the exact bytes; save -> reload keeps the values and the engine runs the result. The "all
// volumes TLM" button adds a configuration the engine accepts.
#include <QtTest>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QtTest/qtestspontaneevent.h>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTableWidget>
#include <QUndoStack>

#include "circuit_scene.h"
#include "circuit_view.h"
#include "component_item.h"
#include "configuration_editor.h"
#include "gui_settings.h"
#include "main_window.h"
#include "method_panel.h"
#include "method_params_form.h"
#include "property_editor.h"
#include "quantity_edit.h"
#include "service/comparison.h"
#include "widgets_test_util.h"

using namespace hs::widgets;
using hs::gui::MainWindow;

class TestConfigurationEditor : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    std::unique_ptr<QSettings> qs_;
    std::unique_ptr<hs::gui::GuiSettings> settings_;

    std::unique_ptr<MainWindow> openThreeOrifice() {
        auto w = std::make_unique<MainWindow>(
            hs::gui::MainWindowContext{test::registry(), *settings_, HS_EXAMPLES_DIR, tmp_.filePath("recovery")});
        w->resize(1400, 900);
        w->show();
        if (!QTest::qWaitForWindowExposed(w.get())) return nullptr;
        QString err;
        if (!w->openExample(QDir(HS_EXAMPLES_DIR).filePath("three_orifice.hydro.json"), &err)) return nullptr;
        w->findChild<QDockWidget*>("configurationsDock")->raise();
        QCoreApplication::processEvents();
        return w;
    }
    static bool select(MainWindow& w, const QString& config) {
        QListWidget* list = w.configurations().list();
        for (int k = 0; k < list->count(); ++k)
            if (list->item(k)->text() == config) {
                list->setCurrentRow(k);
                return true;
            }
        return false;
    }
    // A wheel event as the window system delivers it (spontaneous: it gives focus by the focus
    // policy and propagates to the parents when ignored), at the field's centre.
    static void wheel(QWidget* field, int dy) {
        const QPoint centre = field->rect().center();
        QWidget* target = field->childAt(centre) ? field->childAt(centre) : field;
        const QPoint local = target->mapFrom(field, centre);
        QWheelEvent ev(QPointF(local), QPointF(target->mapToGlobal(local)), QPoint(), QPoint(0, dy), Qt::NoButton,
                       Qt::NoModifier, Qt::NoScrollPhase, false);
        QSpontaneKeyEvent::setSpontaneous(&ev);
        qApp->notify(target, &ev);
    }
    static QByteArray bytes(MainWindow& w) { return hs::model::serializeCircuit(w.document().circuit()); }
    // Keyboard search in a closed combo box, as a user types an item's first letter (after the
    // search interval, so that it is not appended to the previous letter).
    static void search(QComboBox* box, Qt::Key key) {
        QTest::qWait(QApplication::keyboardInputInterval() + 20);
        box->setFocus();
        QTest::keyClick(box, key);
    }
    static void typeInto(QWidget* field, const QString& text) {
        field->setFocus();
        QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(field, text);
        QTest::keyClick(field, Qt::Key_Return);
    }

private slots:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        qs_ = std::make_unique<QSettings>(tmp_.filePath("settings.ini"), QSettings::IniFormat);
        settings_ = std::make_unique<hs::gui::GuiSettings>(*qs_);
    }

    void defaultMethodThreadsPartition() {
        auto w = openThreeOrifice();
        QVERIFY(w);
        ConfigurationEditor& ed = w->configurations();
        QVERIFY(select(*w, "RK4 1e-4"));
        const auto cfgOf = [&w]() -> const hs::model::SolverConfigDoc& { return *w->document().circuit().config("RK4 1e-4"); };
        QVERIFY(!cfgOf().defaultMethod);
        QCOMPARE(cfgOf().threads, 1);
        QVERIFY(ed.defaultMethodCombo()->isVisibleTo(w.get()));
        QCOMPARE(ed.defaultMethodCombo()->currentData().toString(), QString());
        QVERIFY(!ed.partitionTable()->isEnabled());  // one thread: nothing to assign
        std::vector<QByteArray> history{bytes(*w)};
        const int steps0 = w->undoStack().count();

        // Default method: "T" picks Transmission line (TLM) by keyboard search.
        QComboBox* def = ed.defaultMethodCombo();
        search(def, Qt::Key_T);
        QCOMPARE(def->currentData().toString(), QString("tlm"));
        QVERIFY(cfgOf().defaultMethod);
        QCOMPARE(cfgOf().defaultMethod->method, QString("tlm"));
        QVERIFY(cfgOf().defaultMethod->params.empty());
        QCOMPARE(w->undoStack().count(), steps0 + 1);
        history.push_back(bytes(*w));
        // Every volume without an entry now follows tlm: table and canvas badges say so.
        QCOMPARE(w->scene().methodOf("V1"), QString("tlm"));
        auto* v1 = ed.volumeMethodCombo("V1");
        QVERIFY(v1);
        QCOMPARE(v1->currentData().toString(), QString());
        QCOMPARE(v1->currentText(), QString("default (tlm)"));

        // Its parameters, with the spec's default shown and the value typed in.
        auto* alpha = ed.defaultParams()->findChild<QuantityEdit*>("dparam_alpha");
        QVERIFY(alpha);
        QVERIFY(alpha->isVisibleTo(w.get()));
        QVERIFY2(alpha->placeholderText().startsWith("0.2"), qPrintable(alpha->placeholderText()));
        QVERIFY(ed.defaultParams()->findChild<QComboBox*>("dparam_filter"));
        auto* exchange = ed.defaultParams()->findChild<QuantityEdit*>("dparam_exchange");
        QVERIFY(exchange && exchange->toolTip().contains("steps"));  // the unit
        typeInto(alpha, "0.1");
        QCOMPARE(cfgOf().defaultMethod->params, (std::map<QString, double>{{"alpha", 0.1}}));
        typeInto(alpha, "1.5");  // out of the spec's bounds (0 .. 0.95): refused, nothing changes
        QVERIFY2(alpha->error().contains("out of range"), qPrintable(alpha->error()));
        QCOMPARE(cfgOf().defaultMethod->params.at("alpha"), 0.1);
        QCOMPARE(w->undoStack().count(), steps0 + 2);
        history.push_back(bytes(*w));

        // Threads: one step up.
        QSpinBox* threads = ed.threadsSpin();
        QVERIFY(threads->isEnabled());
        threads->setFocus();
        QTest::keyClick(threads, Qt::Key_Up);
        QCOMPARE(cfgOf().threads, 2);
        QCOMPARE(w->undoStack().count(), steps0 + 3);
        QVERIFY(ed.partitionTable()->isEnabled());
        QVERIFY(!ed.threadsNote()->isVisibleTo(w.get()));  // rk4, every volume tlm: nothing to warn about
        history.push_back(bytes(*w));

        // Partition by hand: the tank into partition 1.
        QCOMPARE(ed.partitionTable()->rowCount(), int(w->document().circuit().components.size()));
        auto* tank = ed.partitionSpin("tank");
        QVERIFY(tank);
        QCOMPARE(tank->text(), QString("auto"));
        typeInto(tank, "1");
        QCOMPARE(cfgOf().partition, (std::map<QString, int>{{"tank", 1}}));
        QCOMPARE(w->undoStack().count(), steps0 + 4);
        QVERIFY(!ed.partitionMessage()->isVisibleTo(w.get()));
        history.push_back(bytes(*w));

        // A partition outside 0..threads-1 is accepted by the spin box but shown in red with a message.
        auto* o1 = ed.partitionSpin("O1");
        typeInto(o1, "5");
        QCOMPARE(cfgOf().partition.at("O1"), 5);
        QVERIFY(ed.partitionMessage()->isVisibleTo(w.get()));
        QVERIFY2(ed.partitionMessage()->text().contains("O1: partition 5 outside 0..1"), qPrintable(ed.partitionMessage()->text()));
        QVERIFY(o1->styleSheet().contains("background"));
        QVERIFY(!hs::model::validateCircuit(w->document().circuit(), test::registry()).isEmpty());
        w->undoStack().undo();
        QCOMPARE(bytes(*w), history.back());
        QVERIFY(!ed.partitionMessage()->isVisibleTo(w.get()));
        QCOMPARE(o1->text(), QString("auto"));  // the field follows the document
        QVERIFY(o1->styleSheet().isEmpty());

        // Undo walks back through the exact bytes, redo forward again.
        for (int k = int(history.size()) - 2; k >= 0; --k) {
            w->undoStack().undo();
            QCOMPARE(bytes(*w), history[size_t(k)]);
        }
        QVERIFY(!cfgOf().defaultMethod);
        QCOMPARE(def->currentData().toString(), QString());
        QVERIFY(!ed.defaultParams()->isVisibleTo(w.get()));
        QCOMPARE(threads->value(), 1);
        for (size_t k = 1; k < history.size(); ++k) {
            w->undoStack().redo();
            QCOMPARE(bytes(*w), history[k]);
        }
        alpha = ed.defaultParams()->findChild<QuantityEdit*>("dparam_alpha");  // rebuilt with the method
        QVERIFY(alpha);
        QCOMPARE(alpha->value(), std::optional<double>(0.1));
        QCOMPARE(threads->value(), 2);

        // Save, reload: exactly these values.
        const QString path = tmp_.filePath("tlm.hydro.json");
        QString err;
        QVERIFY2(w->saveTo(path, &err), qPrintable(err));
        const auto back = hs::model::loadCircuit(path, test::registry());
        QVERIFY2(back.ok(), qPrintable(back.errors.join('\n')));
        QVERIFY(*back.circuit == w->document().circuit());
        const hs::model::SolverConfigDoc* cfg = back.circuit->config("RK4 1e-4");
        QVERIFY(cfg);
        QVERIFY(cfg->defaultMethod);
        QCOMPARE(cfg->defaultMethod->method, QString("tlm"));
        QCOMPARE(cfg->defaultMethod->params, (std::map<QString, double>{{"alpha", 0.1}}));
        QCOMPARE(cfg->threads, 2);
        QCOMPARE(cfg->partition, (std::map<QString, int>{{"tank", 1}}));
        QVERIFY(cfg->methods.empty());
        QVERIFY(cfg->reference);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray json = f.readAll();
        QVERIFY(json.contains("\"default_method\"") && json.contains("\"threads\": 2") && json.contains("\"partition\""));

        // The engine runs it on two partitions (briefly).
        const auto r = hs::service::runConfiguration(*back.circuit, *cfg, test::registry(), 0.01);
        QVERIFY2(r.ok, r.error.c_str());
        QVERIFY(r.steps >= 99);
    }

    // Per-volume overrides next to a default, the warnings of threads, and the property panel
    // of a volume that follows the default.
    void overridesAndWarnings() {
        auto w = openThreeOrifice();
        QVERIFY(w);
        ConfigurationEditor& ed = w->configurations();
        QVERIFY(select(*w, "Hopsan-style 1e-4"));
        const auto cfgOf = [&w]() -> const hs::model::SolverConfigDoc& {
            return *w->document().circuit().config("Hopsan-style 1e-4");
        };
        QCOMPARE(ed.defaultMethodCombo()->currentData().toString(), QString("tlm"));
        auto* alpha = ed.defaultParams()->findChild<QuantityEdit*>("dparam_alpha");
        QVERIFY(alpha);
        QCOMPARE(alpha->text(), QString("0.2"));  // the file's value, not a placeholder

        // V2 integrated explicitly although the default is tlm.
        auto* v2 = ed.volumeMethodCombo("V2");
        QVERIFY(v2);
        search(v2, Qt::Key_I);  // "Integrate"
        QCOMPARE(cfgOf().methods.at("V2").method, QString("integrate"));
        QCOMPARE(w->scene().methodOf("V2"), QString("integrate"));
        QCOMPARE(w->scene().methodOf("V1"), QString("tlm"));
        v2 = ed.volumeMethodCombo("V2");
        QCOMPARE(v2->currentData().toString(), QString("integrate"));
        // Back to the default: the entry goes away.
        v2->setFocus();
        QTest::keyClick(v2, Qt::Key_Home);  // the first item, "default: ..."
        QVERIFY(!cfgOf().methods.count("V2"));
        QCOMPARE(w->scene().methodOf("V2"), QString("tlm"));

        // The property panel of V1 shows the default's method and parameters; editing one gives V1
        // its own entry starting from the default's values.
        w->scene().componentItem("V1")->setSelected(true);
        MethodPanel* panel = w->properties().methodPanel();
        QCOMPARE(panel->methodCombo()->currentData().toString(), QString("tlm"));
        // The stiffness guidance analyses the volume integrated, whatever the default method.
        QTRY_VERIFY_WITH_TIMEOUT(panel->guidanceLabel()->text().contains("time constant"), 3000);
        auto* palpha = w->properties().findChild<QuantityEdit*>("mparam_alpha");
        QVERIFY(palpha);
        QCOMPARE(palpha->value(), std::optional<double>(0.2));
        typeInto(palpha, "0.3");
        QCOMPARE(cfgOf().methods.at("V1").method, QString("tlm"));
        QCOMPARE(cfgOf().methods.at("V1").params, (std::map<QString, double>{{"alpha", 0.3}, {"filter", 0}}));
        w->undoStack().undo();
        QVERIFY(!cfgOf().methods.count("V1"));
        w->scene().clearSelection();

        // Threads with a method partitions cannot run: red note naming the volume.
        ed.threadsSpin()->setFocus();
        QTest::keyClick(ed.threadsSpin(), Qt::Key_Up);
        QCOMPARE(cfgOf().threads, 2);
        QVERIFY(!ed.threadsNote()->isVisibleTo(w.get()));
        v2 = ed.volumeMethodCombo("V2");
        search(v2, Qt::Key_Q);  // "Quasi-steady"
        QCOMPARE(cfgOf().methods.at("V2").method, QString("quasi_steady"));
        QVERIFY(ed.threadsNote()->isVisibleTo(w.get()));
        QVERIFY2(ed.threadsNote()->text().contains("V2 (quasi_steady)"), qPrintable(ed.threadsNote()->text()));
        w->undoStack().undo();
        QVERIFY(!ed.threadsNote()->isVisibleTo(w.get()));
        // An adaptive stepper with threads: red note; one thread: the spin box is off.
        ed.threadsSpin()->setFocus();
        typeInto(ed.partitionSpin("O1"), "0");
        QCOMPARE(cfgOf().partition.at("O1"), 0);
        QComboBox* stepper = nullptr;
        for (auto* b : ed.findChildren<QComboBox*>())
            if (b->findText("cvode") >= 0) stepper = b;
        QVERIFY(stepper);
        search(stepper, Qt::Key_C);
        QCOMPARE(cfgOf().stepper, QString("cvode"));
        QVERIFY(ed.threadsNote()->isVisibleTo(w.get()));
        QVERIFY2(ed.threadsNote()->text().contains("euler or rk4"), qPrintable(ed.threadsNote()->text()));
        QVERIFY(ed.threadsSpin()->isEnabled());  // still reachable, to be set back
        // Back to one thread: the assignments go too (same step), and the spin box is disabled.
        const QByteArray before = bytes(*w);
        ed.threadsSpin()->setFocus();
        QTest::keyClick(ed.threadsSpin(), Qt::Key_Down);
        QCOMPARE(cfgOf().threads, 1);
        QVERIFY(cfgOf().partition.empty());
        QVERIFY(!ed.threadsSpin()->isEnabled());
        QVERIFY(!ed.partitionTable()->isEnabled());
        QVERIFY(ed.threadsNote()->text().contains("Only for the euler and rk4"));
        w->undoStack().undo();
        QCOMPARE(bytes(*w), before);
        QCOMPARE(cfgOf().partition.at("O1"), 0);

        // Renaming or deleting a component carries its partition entry along.
        QVERIFY(w->document().renameComponent("O1", "Oin"));
        QCOMPARE(cfgOf().partition, (std::map<QString, int>{{"Oin", 0}}));
        QVERIFY(ed.partitionSpin("Oin"));
        w->scene().componentItem("Oin")->setSelected(true);
        w->scene().deleteSelection();
        QVERIFY(cfgOf().partition.empty());
    }

    // Issue 13 #1: Duplicate, double-click the copy, type a name, Enter. The selection stays on
    // the renamed configuration (later edits go into it, not the reference) and the list is not
    // rebuilt under the open editor (no "closeEditor ... does not belong to this view").
    void renameKeepsSelection() {
        auto w = openThreeOrifice();
        QVERIFY(w);
        ConfigurationEditor& ed = w->configurations();
        static QStringList warnings;
        warnings.clear();
        const QtMessageHandler old = qInstallMessageHandler([](QtMsgType, const QMessageLogContext&, const QString& m) {
            warnings << m;
        });
        struct Restore {
            QtMessageHandler h;
            ~Restore() { qInstallMessageHandler(h); }
        } restore{old};
        QVERIFY(select(*w, "RK4 1e-3"));
        const int row = ed.list()->currentRow();
        QVERIFY(row > 0);
        auto* dup = ed.findChild<QPushButton*>("duplicateConfig");
        QVERIFY(dup);
        QTest::mouseClick(dup, Qt::LeftButton);
        QCOMPARE(ed.list()->currentRow(), row + 1);
        QCOMPARE(ed.list()->currentItem()->text(), QString("RK4 1e-3 copy"));
        QListWidget* list = ed.list();
        const QRect r = list->visualItemRect(list->item(row + 1));
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, r.center());
        QTest::mouseDClick(list->viewport(), Qt::LeftButton, {}, r.center());
        auto* editor = qobject_cast<QLineEdit*>(QApplication::focusWidget());
        QVERIFY(editor);
        QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(editor, "Coarse trial");

        QTest::keyClick(editor, Qt::Key_Return);
        QCoreApplication::processEvents();
        QVERIFY(w->document().circuit().config("Coarse trial"));
        QCOMPARE(list->currentRow(), row + 1);
        QCOMPARE(list->currentItem()->text(), QString("Coarse trial"));
        QCOMPARE(w->scene().currentConfig(), QString("Coarse trial"));
        for (const QString& m : warnings) QVERIFY2(!m.contains("closeEditor"), qPrintable(m));
        // The next edit goes into the renamed configuration, not the reference.
        const QString refDescription = w->document().circuit().configs.front().description;
        auto* description = ed.findChild<QLineEdit*>("configDescription");
        QVERIFY(description);
        typeInto(description, "trial run");
        QCOMPARE(w->document().circuit().config("Coarse trial")->description, QString("trial run"));
        QCOMPARE(w->document().circuit().configs.front().description, refDescription);
        // Undoing the description and the rename keeps the selection on that configuration.
        w->undoStack().undo();
        w->undoStack().undo();
        QCOMPARE(list->currentRow(), row + 1);
        QCOMPARE(list->currentItem()->text(), QString("RK4 1e-3 copy"));
        QCOMPARE(w->scene().currentConfig(), QString("RK4 1e-3 copy"));
    }

    // The configuration picked in the method panel (Properties) stays the canvas's and the
    // list's after an edit: the list's refresh does not pull the canvas back to its old choice.
    void methodPanelChoiceSurvivesEdits() {
        auto w = openThreeOrifice();
        QVERIFY(w);
        ConfigurationEditor& ed = w->configurations();
        QVERIFY(select(*w, "RK4 1e-3"));
        w->scene().componentItem("V2")->setSelected(true);
        QCoreApplication::processEvents();
        auto* configCombo = w->properties().findChild<QComboBox*>("configCombo");
        QVERIFY(configCombo);
        const int k = configCombo->findData("CVODE");
        QVERIFY(k >= 0);
        configCombo->setCurrentIndex(k);
        QCOMPARE(w->scene().currentConfig(), QString("CVODE"));
        auto* method = w->properties().findChild<QComboBox*>("methodCombo");
        QVERIFY(method);
        const int tlm = method->findData("tlm");
        QVERIFY(tlm >= 0);
        method->setCurrentIndex(tlm);  // one ConfigsCommand into CVODE
        QCOMPARE(w->document().circuit().config("CVODE")->methods.at("V2").method, QString("tlm"));
        QCOMPARE(w->scene().currentConfig(), QString("CVODE"));
        QCOMPARE(ed.list()->currentItem()->text(), QString("CVODE"));
    }

    // Issue 13 #2: the wheel over a combo or spin box that does not have the focus scrolls the
    // dock and never edits (no value change, no History entry), in the Configurations dock and in
    // the Properties dock's method panel.
    void wheelScrollsNotEdits() {
        auto w = openThreeOrifice();
        QVERIFY(w);
        w->resize(1200, 560);
        ConfigurationEditor& ed = w->configurations();
        QVERIFY(select(*w, "Quasi-steady 1e-3"));
        QCoreApplication::processEvents();
        const int steps = w->undoStack().count();
        const QByteArray before = bytes(*w);
        auto* scroll = qobject_cast<QScrollArea*>(w->findChild<QDockWidget*>("configurationsDock")->widget());
        QVERIFY(scroll);
        QScrollBar* bar = scroll->verticalScrollBar();
        QVERIFY2(bar->maximum() > 0, "the Configurations dock must scroll for this test");
        w->view().setFocus();
        QComboBox* v1 = ed.volumeMethodCombo("V1");
        QVERIFY(v1);
        for (QWidget* field : std::initializer_list<QWidget*>{v1, ed.defaultMethodCombo(), ed.threadsSpin()}) {
            QVERIFY(field->isEnabled());
            bar->setValue(0);
            const QVariant value = field->property(qobject_cast<QComboBox*>(field) ? "currentIndex" : "value");
            wheel(field, -120);
            wheel(field, -120);
            QCOMPARE(field->property(qobject_cast<QComboBox*>(field) ? "currentIndex" : "value"), value);
            QVERIFY(!field->hasFocus());
            QVERIFY2(bar->value() > 0, qPrintable(field->objectName()));  // the panel scrolled instead
        }
        QCOMPARE(w->undoStack().count(), steps);
        QCOMPARE(bytes(*w), before);

        // The Properties dock: V2's method panel (on_failure is the field of the report).
        w->scene().componentItem("V2")->setSelected(true);
        QCoreApplication::processEvents();
        auto* props = qobject_cast<QScrollArea*>(w->findChild<QDockWidget*>("propertiesDock")->widget());
        QVERIFY(props);
        auto* onFailure = props->findChild<QComboBox*>("mparam_on_failure");
        QVERIFY(onFailure);
        QVERIFY(onFailure->isVisibleTo(w.get()));
        auto* method = w->properties().findChild<QComboBox*>("methodCombo");
        QVERIFY(method);
        w->view().setFocus();
        for (QComboBox* box : {onFailure, method}) {
            const int index = box->currentIndex();
            wheel(box, -120);
            wheel(box, 120);
            wheel(box, 120);
            QCOMPARE(box->currentIndex(), index);
        }
        QCOMPARE(w->undoStack().count(), steps);
        QCOMPARE(bytes(*w), before);

        // With the focus (clicked or tabbed into), the wheel steps the field as usual.
        ed.threadsSpin()->setFocus();
        const int threads = ed.threadsSpin()->value();
        wheel(ed.threadsSpin(), 120);
        QCOMPARE(ed.threadsSpin()->value(), threads + 1);
    }

    // Issue 13: every History entry of the Configurations dock names the configuration it went
    // into (not just "step" or "V1: tlm"); merged edits show the value they ended at.
    void historyNamesTheConfiguration() {
        auto w = openThreeOrifice();
        QVERIFY(w);
        ConfigurationEditor& ed = w->configurations();
        QVERIFY(select(*w, "RK4 1e-3"));
        auto* step = ed.findChild<QuantityEdit*>("configStep");
        QVERIFY(step);
        typeInto(step, "2e-4");
        QCOMPARE(w->undoStack().undoText(), QString("RK4 1e-3: step 0.0002 s"));
        typeInto(step, "3e-4");  // merged with the previous step edit
        QCOMPARE(w->undoStack().undoText(), QString("RK4 1e-3: step 0.0003 s"));
        auto* v1 = ed.volumeMethodCombo("V1");
        QVERIFY(v1);
        search(v1, Qt::Key_T);
        QVERIFY2(w->undoStack().undoText().startsWith("RK4 1e-3: V1 tlm"), qPrintable(w->undoStack().undoText()));
        ed.threadsSpin()->setFocus();
        QTest::keyClick(ed.threadsSpin(), Qt::Key_Up);
        QCOMPARE(w->undoStack().undoText(), QString("RK4 1e-3: threads 2"));
        auto* description = ed.findChild<QLineEdit*>("configDescription");
        typeInto(description, "coarse");
        QCOMPARE(w->undoStack().undoText(), QString("RK4 1e-3: description"));
    }

    void allVolumesTlm() {
        auto w = openThreeOrifice();
        QVERIFY(w);
        ConfigurationEditor& ed = w->configurations();
        const size_t n = w->document().circuit().configs.size();
        const QByteArray before = bytes(*w);
        // From an adaptive configuration: the step is 1e-4 s.
        QVERIFY(select(*w, "CVODE"));
        QVERIFY(ed.allTlmButton()->isVisibleTo(w.get()));
        QTest::mouseClick(ed.allTlmButton(), Qt::LeftButton);
        const auto& cs = w->document().circuit().configs;
        QCOMPARE(cs.size(), n + 1);
        const hs::model::SolverConfigDoc tlm = cs.back();
        QCOMPARE(tlm.name, QString("TLM (all volumes)"));
        QCOMPARE(tlm.stepper, QString("rk4"));
        QCOMPARE(tlm.dt, 1e-4);
        QVERIFY(tlm.defaultMethod && tlm.defaultMethod->method == "tlm");
        QVERIFY(tlm.methods.empty());
        QVERIFY(!tlm.reference);
        QCOMPARE(tlm.threads, 1);
        QCOMPARE(ed.list()->currentItem()->text(), tlm.name);
        QCOMPARE(w->scene().currentConfig(), tlm.name);
        QCOMPARE(w->scene().methodOf("V1"), QString("tlm"));
        QCOMPARE(w->scene().methodOf("V2"), QString("tlm"));
        QCOMPARE(ed.defaultMethodCombo()->currentData().toString(), QString("tlm"));
        // From a fixed-step configuration its step is kept; the name stays unique.
        QVERIFY(select(*w, "RK4 1e-3"));
        QTest::mouseClick(ed.allTlmButton(), Qt::LeftButton);
        QCOMPARE(cs.size(), n + 2);
        QCOMPARE(cs.back().name, QString("TLM (all volumes) 2"));
        QCOMPARE(cs.back().dt, 1e-3);
        // The file is valid and the engine runs it.
        QVERIFY(hs::model::validateCircuit(w->document().circuit(), test::registry()).isEmpty());
        const auto r = hs::service::runConfiguration(w->document().circuit(), tlm, test::registry(), 0.01);
        QVERIFY2(r.ok, r.error.c_str());
        bool anyTlm = false;
        for (const auto& [node, st] : r.methodStats) anyTlm |= node == "V2" && st.outerSteps > 0;
        QVERIFY(anyTlm);
        w->undoStack().undo();
        w->undoStack().undo();
        QCOMPARE(bytes(*w), before);
    }

    // Issue 13 item 4: the stepper list's tooltips were assigned by position (implicit_euler
    // read "Dormand-Prince", dopri5 and cvode had none). Every item's tooltip now comes from the
    // spec of the stepper it names, and the fields the spec says are unused are off.
    void stepperTooltipsFromSpec() {
        auto w = openThreeOrifice();
        QVERIFY(w);
        ConfigurationEditor& ed = w->configurations();
        QComboBox* box = ed.stepperCombo();
        const auto& specs = test::registry().steppers();
        QCOMPARE(box->count(), static_cast<int>(specs.size()));
        for (int k = 0; k < box->count(); ++k) {
            const std::string name = box->itemText(k).toStdString();
            const hs::sim::StepperSpec* spec = test::registry().findStepper(name);
            QVERIFY2(spec, name.c_str());
            const QString tip = box->itemData(k, Qt::ToolTipRole).toString();
            QVERIFY2(tip.contains(QString::fromStdString(spec->label)) && tip.contains(QString::fromStdString(spec->description)),
                     qPrintable(box->itemText(k) + ": " + tip));
            QVERIFY2(tip.contains(spec->adaptive ? "adaptive" : "fixed step"), qPrintable(tip));
        }
        const int ie = box->findText("implicit_euler");
        QVERIFY(ie >= 0);
        QVERIFY2(!box->itemData(ie, Qt::ToolTipRole).toString().contains("Dormand"), qPrintable(box->itemData(ie, Qt::ToolTipRole).toString()));
        QVERIFY(box->itemData(ie, Qt::ToolTipRole).toString().contains("Backward Euler"));
        for (const char* adaptive : {"dopri5", "cvode"})
            QVERIFY(!box->itemData(box->findText(adaptive), Qt::ToolTipRole).toString().isEmpty());
    }

    // The Jacobian and the right-hand side are configuration keys the editor sets (with undo):
    // "kernel": "generated" written when chosen, the key gone again after undo; the Jacobian
    // choice is off for an explicit stepper (rk4 has none) and on for an implicit one.
    void jacobianAndKernelChoices() {
        auto w = openThreeOrifice();
        QVERIFY(w);
        ConfigurationEditor& ed = w->configurations();
        QVERIFY(select(*w, "RK4 1e-4"));
        const auto cfgOf = [&w]() -> const hs::model::SolverConfigDoc& { return *w->document().circuit().config("RK4 1e-4"); };
        QCOMPARE(cfgOf().kernel, QString());
        QVERIFY(!ed.jacobianCombo()->isEnabled());
        QVERIFY(ed.kernelCombo()->isEnabled());
        const QByteArray before = bytes(*w);
        search(ed.kernelCombo(), Qt::Key_G);  // "generated (compiled C++)"
        QCOMPARE(cfgOf().kernel, QString("generated"));
        QVERIFY(bytes(*w).contains("\"kernel\": \"generated\""));
        w->undoStack().undo();
        QCOMPARE(cfgOf().kernel, QString());
        QCOMPARE(ed.kernelCombo()->currentData().toString(), QString());
        QCOMPARE(bytes(*w), before);
        // An implicit stepper: the Jacobian choice is on and writes its key.
        search(ed.stepperCombo(), Qt::Key_S);  // sdirk2
        QCOMPARE(cfgOf().stepper, QString("sdirk2"));
        QVERIFY(ed.jacobianCombo()->isEnabled());
        search(ed.jacobianCombo(), Qt::Key_A);  // analytic
        QCOMPARE(cfgOf().jacobian, QString("analytic"));
    }
};

QTEST_MAIN(TestConfigurationEditor)
#include "test_configuration_editor.moc"
