// SPDX-License-Identifier: GPL-3.0-or-later
// Each example opened in the main window and zoomed to fit, rendered offscreen to PNG (kept in
// the build folder as a CI artefact): the image is not blank, every component is inside the
// scene's content and the visible area, and no symbol or label overlaps another symbol.
#include <QtTest>
#include <QSettings>

#include "circuit_scene.h"
#include "circuit_view.h"
#include "component_item.h"
#include "configuration_editor.h"
#include "gui_settings.h"
#include "main_window.h"
#include "method_panel.h"
#include "property_editor.h"
#include "quantity_edit.h"
#include <QDockWidget>
#include <QLabel>
#include <QListWidget>
#include <QSpinBox>
#include <QComboBox>
#include "widgets_test_util.h"
#include "wire_item.h"

using namespace hs::widgets;

namespace {

// The main window as a user first sees it, with its settings in the test's temporary folder.
struct Window {
    QSettings qs;
    hs::gui::GuiSettings settings;
    hs::gui::MainWindow w;
    explicit Window(const QTemporaryDir& tmp)
        : qs(tmp.filePath("s.ini"), QSettings::IniFormat), settings(qs),
          w({test::registry(), settings, HS_EXAMPLES_DIR, tmp.filePath("rec")}) {
        w.resize(1500, 950);
        w.show();
    }
};

}  // namespace

class TestScreenshots : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

private slots:
    void example_data() {
        QTest::addColumn<QString>("path");
        for (const QString& p : test::examples()) QTest::newRow(qPrintable(QFileInfo(p).fileName())) << p;
        QVERIFY(test::examples().size() >= 5);
    }
    void example() {
        QFETCH(QString, path);
        Window win(tmp_);
        hs::gui::MainWindow& w = win.w;
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QString err;
        QVERIFY2(w.openExample(path, &err), qPrintable(err));
        QTest::qWait(30);
        w.view().zoomToFit();
        QCoreApplication::processEvents();

        const QString name = QFileInfo(path).fileName().section('.', 0, 0);
        QDir().mkpath(HS_SCREENSHOT_DIR);
        const QImage img = w.grab().toImage();
        QVERIFY(img.save(QString(HS_SCREENSHOT_DIR) + "/" + name + ".png"));
        const QImage canvas = w.view().viewport()->grab().toImage();
        QVERIFY(canvas.save(QString(HS_SCREENSHOT_DIR) + "/" + name + "_canvas.png"));

        // Not blank: a good share of the canvas is drawing (dark strokes), not background.
        int dark = 0;
        QSet<QRgb> colours;
        for (int y = 0; y < canvas.height(); y += 2)
            for (int x = 0; x < canvas.width(); x += 2) {
                const QRgb c = canvas.pixel(x, y);
                colours.insert(c);
                dark += qGray(c) < 128;
            }
        QVERIFY2(dark > 200, qPrintable(QString("only %1 dark pixels").arg(dark)));
        QVERIFY(colours.size() > 20);

        const auto& doc = w.document().circuit();
        const QRectF content = w.scene().contentRect();
        const QRectF visible = w.view().mapToScene(w.view().viewport()->rect()).boundingRect();
        QCOMPARE(w.scene().componentItems().size(), static_cast<qsizetype>(doc.components.size()));
        for (const auto& comp : doc.components) {
            ComponentItem* it = w.scene().componentItem(comp.id);
            QVERIFY2(content.contains(it->sceneBoundingRect()), qPrintable(comp.id));
            QVERIFY2(visible.contains(it->bodySceneRect()), qPrintable(comp.id + " is outside the view at zoom to fit"));
        }
        // Wires go around symbols, never across one (a segment may end on its own port only).
        for (const WireItem* wi : w.scene().wireItems()) {
            const auto r = wi->route();
            for (size_t k = 1; k < r.size(); ++k)
                for (const auto& comp : doc.components) {
                    const QRectF body = w.scene().componentItem(comp.id)->bodySceneRect().adjusted(1, 1, -1, -1);
                    const QRectF seg = QRectF(r[k - 1], r[k]).normalized().adjusted(-0.01, -0.01, 0.01, 0.01);
                    QVERIFY2(!body.intersects(seg), qPrintable(QString("wire %1 crosses %2").arg(wi->key(), comp.id)));
                }
        }
        // Without overlaps: bodies apart, and no label on another body.
        for (const auto& a : doc.components)
            for (const auto& b : doc.components) {
                if (a.id == b.id) continue;
                ComponentItem* ia = w.scene().componentItem(a.id);
                ComponentItem* ib = w.scene().componentItem(b.id);
                const QRectF ba = ia->bodySceneRect().adjusted(1, 1, -1, -1), bb = ib->bodySceneRect().adjusted(1, 1, -1, -1);
                QVERIFY2(!ba.intersects(bb), qPrintable(QString("%1 overlaps %2").arg(a.id, b.id)));
                QVERIFY2(!ia->labelSceneRect().intersects(bb), qPrintable(QString("label of %1 on %2").arg(a.id, b.id)));
            }
    }

    // The small volume of Circuit 2 selected: the property editor shows its parameters in
    // trade units, the method picker and the engine's guidance for the reference (RK4 1e-5).
    void volumeSelected() {
        Window win(tmp_);
        hs::gui::MainWindow& w = win.w;
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QString err;
        QVERIFY2(w.openExample(QDir(HS_EXAMPLES_DIR).filePath("circuit2_pcv.hydro.json"), &err), qPrintable(err));
        w.scene().componentItem("Vv")->setSelected(true);
        auto* v = w.properties().findChild<QuantityEdit*>("param_V");
        QVERIFY(v);
        QCOMPARE(v->text(), QString("10 cm3"));  // 1e-5 m3 in the file
        // The guidance is computed a moment after selection (debounced).
        QLabel* guide = w.properties().methodPanel()->guidanceLabel();
        QTRY_VERIFY_WITH_TIMEOUT(guide->text().contains("time constant"), 3000);
        QVERIFY2(guide->text().contains("suggested"), qPrintable(guide->text()));
        w.view().zoomToFit();
        QCoreApplication::processEvents();
        QVERIFY(w.grab().save(QString(HS_SCREENSHOT_DIR) + "/circuit2_volume_selected.png"));
        // The other docks, as a user flips through them.
        for (const char* dock : {"configurationsDock", "circuitDock"}) {
            auto* d = w.findChild<QDockWidget*>(dock);
            QVERIFY(d);
            d->raise();
            QCoreApplication::processEvents();
            QVERIFY(w.grab().save(QString(HS_SCREENSHOT_DIR) + "/circuit2_" + dock + ".png"));
        }
        QCOMPARE(w.configurations().list()->count(), int(w.document().circuit().configs.size()));
        QVERIFY(w.configurations().list()->count() >= 3);
    }

    // The Configurations dock on a TLM configuration: default method tlm with its parameters, the
    // per-volume table following it, two threads and one component placed by hand.
    void configsTlm() {
        Window win(tmp_);
        hs::gui::MainWindow& w = win.w;
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QString err;
        QVERIFY2(w.openExample(QDir(HS_EXAMPLES_DIR).filePath("three_orifice.hydro.json"), &err), qPrintable(err));
        ConfigurationEditor& ed = w.configurations();
        const auto items = ed.list()->findItems("Hopsan-style 1e-4", Qt::MatchExactly);
        QCOMPARE(items.size(), 1);
        ed.list()->setCurrentItem(items.front());
        ed.threadsSpin()->setValue(2);
        ed.partitionSpin("tank")->setValue(1);
        const auto* cfg = w.document().circuit().config("Hopsan-style 1e-4");
        QCOMPARE(cfg->threads, 2);
        QCOMPARE(cfg->partition.at("tank"), 1);
        QCOMPARE(ed.defaultMethodCombo()->currentData().toString(), QString("tlm"));
        w.findChild<QDockWidget*>("configurationsDock")->raise();
        w.view().zoomToFit();
        QCoreApplication::processEvents();
        QDir().mkpath(HS_SCREENSHOT_DIR);
        QVERIFY(w.grab().save(QString(HS_SCREENSHOT_DIR) + "/configs_tlm.png"));
        // The whole editor, past what the dock shows without scrolling.
        ed.resize(ed.width(), std::max(ed.height(), ed.sizeHint().height()));
        QVERIFY(ed.grab().save(QString(HS_SCREENSHOT_DIR) + "/configs_tlm_editor.png"));
        // Every volume shows the TLM badge on the canvas.
        QCOMPARE(w.scene().methodOf("V1"), QString("tlm"));
        QCOMPARE(w.scene().methodOf("V2"), QString("tlm"));
    }
};

QTEST_MAIN(TestScreenshots)
#include "test_screenshots.moc"
