// SPDX-License-Identifier: GPL-3.0-or-later
// A scripted editing session driven by QTest input events, as a new user would do it: place
// three components from the library, wire them, type a parameter with its unit, pick the small
// volume's pressure method, save, reload and compare. Also autosave -> recovery.
#include <QtTest>
#include <QComboBox>
#include <QSettings>
#include <QTreeWidget>
#include <QUndoStack>

#include "circuit_scene.h"
#include "circuit_view.h"
#include "component_item.h"
#include "gui_settings.h"
#include "library_palette.h"
#include "main_window.h"
#include "method_panel.h"
#include "property_editor.h"
#include "quantity_edit.h"
#include "widgets_test_util.h"
#include "wire_item.h"
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTimer>
#include <QLineEdit>

using namespace hs::widgets;
using hs::gui::MainWindow;

class TestSession : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    std::unique_ptr<QSettings> qs_;
    std::unique_ptr<hs::gui::GuiSettings> settings_;

    std::unique_ptr<MainWindow> makeWindow() {
        auto w = std::make_unique<MainWindow>(hs::gui::MainWindowContext{test::registry(), *settings_, HS_EXAMPLES_DIR, tmp_.filePath("recovery")});
        w->resize(1400, 900);
        w->show();
        return w;
    }
    static QPoint at(MainWindow& w, QPointF scenePos) { return w.view().mapFromScene(scenePos); }

    static QString placeFromLibrary(MainWindow& w, const QString& type) {
        QTreeWidget* tree = w.palette().tree();
        QTreeWidgetItem* item = w.palette().itemOf(type);
        if (!item) return {};
        tree->scrollToItem(item);
        const QPoint p = tree->visualItemRect(item).center();
        const auto before = w.scene().componentItems().size();
        // A real double-click starts with a press; QTest::mouseDClick on a widget sends only the
        // double-click event, so press first as the user does.
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, p);
        QTest::mouseDClick(tree->viewport(), Qt::LeftButton, {}, p);
        if (w.scene().componentItems().size() != before + 1) {
            qWarning() << "double-click on" << type << "at" << p << "placed nothing; item at point:" << (tree->itemAt(p) ? tree->itemAt(p)->text(0) : QString("none"));
            return {};
        }
        return w.scene().selectedComponentIds().value(0);
    }

    static void drag(MainWindow& w, QPointF from, QPointF to) {
        QWidget* vp = w.view().viewport();
        QTest::mousePress(vp, Qt::LeftButton, {}, at(w, from));
        QTest::mouseMove(vp, (at(w, from) + at(w, to)) / 2);
        QTest::mouseMove(vp, at(w, to));
        QTest::mouseRelease(vp, Qt::LeftButton, {}, at(w, to));
    }

private slots:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        qs_ = std::make_unique<QSettings>(tmp_.filePath("settings.ini"), QSettings::IniFormat);
        settings_ = std::make_unique<hs::gui::GuiSettings>(*qs_);
    }

    void placeWireEditSaveReload() {
        auto w = makeWindow();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        QVERIFY(!w->isDirty());

        const QString src = placeFromLibrary(*w, "PressureSource");
        const QString orf = placeFromLibrary(*w, "TurbulentOrifice");
        const QString vol = placeFromLibrary(*w, "Volume");
        QCOMPARE(src, QString("PS1"));
        QCOMPARE(orf, QString("TO1"));
        QCOMPARE(vol, QString("V1"));
        QVERIFY(w->isDirty());
        // Placed without overlapping each other.
        auto* a = w->scene().componentItem(src);
        auto* b = w->scene().componentItem(orf);
        auto* c = w->scene().componentItem(vol);
        QVERIFY(!a->bodySceneRect().intersects(b->bodySceneRect()));
        QVERIFY(!b->bodySceneRect().intersects(c->bodySceneRect()));
        QVERIFY(!a->bodySceneRect().intersects(c->bodySceneRect()));
        // One after another they line up to the right, as a circuit is read.
        QCOMPARE(b->pos().y(), a->pos().y());
        QVERIFY(b->pos().x() > a->pos().x() && c->pos().x() > b->pos().x());
        w->view().zoomToFit();
        QTest::qWait(20);

        // Wire by dragging from port to port.
        drag(*w, a->portScenePos("P"), b->portScenePos("A"));
        drag(*w, b->portScenePos("B"), c->portScenePos("P1"));
        QCOMPARE(w->document().circuit().wires.size(), size_t(2));
        QVERIFY(w->document().wireIndex(src, "P", orf, "A") >= 0);
        QVERIFY(w->document().wireIndex(orf, "B", vol, "P1") >= 0);
        // A wire to a port of another domain is refused (the source's signal input).
        drag(*w, c->portScenePos("P2"), a->portScenePos("p"));
        QCOMPARE(w->document().circuit().wires.size(), size_t(2));
        QVERIFY2(w->scene().lastRefusal().contains("different domains"), qPrintable(w->scene().lastRefusal()));

        // Select the volume and type its volume in litres.
        w->scene().clearSelection();
        QTest::mouseClick(w->view().viewport(), Qt::LeftButton, {}, at(*w, c->bodySceneRect().center() + QPointF(0, 3)));
        QCOMPARE(w->scene().selectedComponentIds(), QStringList{vol});
        QCOMPARE(w->properties().component(), vol);
        auto* edit = w->properties().findChild<QuantityEdit*>("param_V");
        QVERIFY(edit);
        edit->setFocus();
        QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(edit, "0.25 L");
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(w->document().component(vol)->num.at("V"), 2.5e-4);
        // Out of bounds: refused with a message, document unchanged.
        QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(edit, "20 m3");
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(w->document().component(vol)->num.at("V"), 2.5e-4);
        QVERIFY(edit->error().contains("out of range"));
        // Supply pressure in bar on the source.
        w->scene().clearSelection();
        a->setSelected(true);
        auto* p = w->properties().findChild<QuantityEdit*>("param_p");
        QVERIFY(p);
        p->setFocus();
        QTest::keyClick(p, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(p, "140");  // a bare number is in the shown unit: bar
        QTest::keyClick(p, Qt::Key_Return);
        QCOMPARE(w->document().component(src)->num.at("p"), 1.4e7);

        // The volume's method: down the list to quasi-steady with the keyboard.
        w->scene().clearSelection();
        c->setSelected(true);
        QComboBox* method = w->properties().methodPanel()->methodCombo();
        QVERIFY(method->isVisibleTo(w.get()));
        method->setFocus();
        for (int i = 0; i < method->count() && method->currentData().toString() != "quasi_steady"; ++i)
            QTest::keyClick(method, Qt::Key_Down);
        const auto* ref = w->document().circuit().reference();
        QVERIFY(ref);
        QCOMPARE(ref->methods.at(vol).method, QString("quasi_steady"));
        QCOMPARE(c->spec()->type, std::string("Volume"));

        // Each pick is one undo step: undo goes back to the method picked before (the list order),
        // redo restores quasi-steady.
        const QString previous = method->itemData(method->currentIndex() - 1).toString();
        w->undoStack().undo();
        QCOMPARE(w->document().circuit().reference()->methods.at(vol).method, previous);
        QCOMPARE(method->currentData().toString(), previous);  // the picker follows the document
        w->undoStack().redo();
        QCOMPARE(w->document().circuit().reference()->methods.at(vol).method, QString("quasi_steady"));

        QDir().mkpath(HS_SCREENSHOT_DIR);
        QTest::qWait(300);  // let queued shows and the debounced guidance run, as the event loop would
        w->grab().save(QString(HS_SCREENSHOT_DIR) + "/session.png");

        // Save, reload, compare.
        const QString path = tmp_.filePath("session.hydro.json");
        QString err;
        QVERIFY2(w->saveTo(path, &err), qPrintable(err));
        QVERIFY(!w->isDirty());
        QVERIFY(w->windowTitle().startsWith("session.hydro.json"));
        const auto back = hs::model::loadCircuit(path, test::registry());
        QVERIFY2(back.ok(), qPrintable(back.errors.join('\n')));
        QVERIFY(*back.circuit == w->document().circuit());
        QCOMPARE(back.circuit->component(vol)->num.at("V"), 2.5e-4);
        QCOMPARE(back.circuit->reference()->methods.at(vol).method, QString("quasi_steady"));

        auto w2 = makeWindow();
        QVERIFY2(w2->openFile(path, &err), qPrintable(err));
        QCOMPARE(w2->scene().componentItems().size(), 3);
        QCOMPARE(w2->scene().wireItems().size(), size_t(2));
        QCOMPARE(w2->scene().componentItem(vol)->pose(), c->pose());
        QCOMPARE(settings_->recentFiles().value(0), QFileInfo(path).absoluteFilePath());
    }

    // Bend points: a press on a selected wire's segment adds one, dragging moves it, one undo step;
    // renaming a component through the property editor keeps its wires.
    void bendAndRename() {
        auto w = makeWindow();
        QString err;
        QVERIFY(w->openExample(QDir(HS_EXAMPLES_DIR).filePath("three_orifice.hydro.json"), &err));
        w->view().zoomToFit();
        QTest::qWait(20);
        const int wi = w->document().wireIndex("O1", "B", "V1", "P1");
        WireItem* wire = w->scene().wireItems()[size_t(wi)];
        const auto r = wire->route();
        const QPointF mid = (r.front() + r.back()) / 2;
        QTest::mouseClick(w->view().viewport(), Qt::LeftButton, {}, at(*w, mid));
        QVERIFY(wire->isSelected());
        drag(*w, mid, mid + QPointF(0, 60));
        QCOMPARE(w->undoStack().count(), 1);
        const auto& pts = w->document().circuit().wires[size_t(wi)].points;
        QCOMPARE(pts.size(), size_t(1));
        QCOMPARE(pts.front().y(), mid.y() + 60);
        QCOMPARE(std::fmod(pts.front().x(), 10.0), 0.0);  // snapped
        w->undoStack().undo();
        QVERIFY(w->document().circuit().wires[size_t(wi)].points.empty());

        w->scene().clearSelection();
        w->scene().componentItem("V1")->setSelected(true);
        auto* id = w->properties().findChild<QLineEdit*>("componentId");
        QVERIFY(id);
        id->setFocus();
        QTest::keyClick(id, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(id, "O2");  // taken: refused with a message
        QTest::keyClick(id, Qt::Key_Return);
        QVERIFY(w->document().component("V1"));
        QVERIFY(w->properties().messageLabel()->text().contains("already used"));
        QTest::keyClick(id, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(id, "Vbig");
        QTest::keyClick(id, Qt::Key_Return);
        QVERIFY(w->document().component("Vbig") && !w->document().component("V1"));
        QVERIFY(w->document().wireIndex("O1", "B", "Vbig", "P1") >= 0);
        QCOMPARE(w->scene().selectedComponentIds(), QStringList{"Vbig"});
        QCOMPARE(w->properties().component(), QString("Vbig"));
    }

    // Closing with unsaved changes asks; Cancel keeps the window and the work, Discard closes.
    void unsavedPrompt() {
        auto w = makeWindow();
        w->scene().placeComponent("Tank", {0, 0});
        QVERIFY(w->isDirty());
        QVERIFY(w->windowTitle().contains("[*]") && w->isWindowModified());
        auto answer = [](QMessageBox::StandardButton which) {
            QTimer::singleShot(0, [which] {
                auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
                QVERIFY(box);
                QVERIFY(box->text().contains("unsaved"));
                box->button(which)->click();
            });
        };
        answer(QMessageBox::Cancel);
        QVERIFY(!w->close());
        QVERIFY(w->isVisible());
        QVERIFY(w->document().component("T1"));
        answer(QMessageBox::Discard);
        QVERIFY(w->close());
    }

    void badFileLeavesCircuitUntouched() {
        auto w = makeWindow();
        QString err;
        QVERIFY(w->openExample(QDir(HS_EXAMPLES_DIR).filePath("three_orifice.hydro.json"), &err));
        const QByteArray before = hs::model::serializeCircuit(w->document().circuit());
        QFile f(tmp_.filePath("broken.hydro.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": 1, "components": [{"id": "x", "type": "NoSuchThing"}]})");
        f.close();
        QVERIFY(!w->openFile(f.fileName(), &err));
        QVERIFY2(err.contains("NoSuchThing"), qPrintable(err));
        QCOMPARE(hs::model::serializeCircuit(w->document().circuit()), before);
    }

    void autosaveRecovers() {
        const QString rec = tmp_.filePath("recovery");
        {
            auto w = makeWindow();
            QString err;
            QVERIFY(w->openExample(QDir(HS_EXAMPLES_DIR).filePath("relief_line.hydro.json"), &err));
            w->scene().placeComponent("Tank", {600, 600});
            w->autosave();
            QVERIFY(QFile::exists(rec + "/recovery.hydro.json"));
            // A crash: the window goes away without closeEvent clearing the recovery file.
            w->setAttribute(Qt::WA_DeleteOnClose, false);
        }
        QVERIFY(QFile::exists(rec + "/recovery.hydro.json"));
        auto w = makeWindow();
        QVERIFY(w->restoreRecovery());
        QVERIFY(w->isDirty());
        QVERIFY(w->document().component("T1"));
        QCOMPARE(w->document().circuit().name, QString("Flow source, line and relief valve"));
    }
};

QTEST_MAIN(TestSession)
#include "test_session.moc"
