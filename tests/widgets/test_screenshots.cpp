// SPDX-License-Identifier: GPL-3.0-or-later
// Each example opened in the main window and zoomed to fit, rendered offscreen to PNG (kept in
// the build folder as a CI artefact): the image shows every symbol, label and wire where the
// model puts them, every component is inside the scene's content and the visible area, and no
// symbol or label overlaps another symbol. After a run, the plot's pixels show the run's values.
#include <QtTest>
#include <QSettings>

#include "circuit_scene.h"
#include "circuit_view.h"
#include "component_item.h"
#include "configuration_editor.h"
#include "gui_settings.h"
#include "main_window.h"
#include "method_panel.h"
#include "plot_panel.h"
#include "run_controller.h"
#include "run_workspace.h"
#include "trace_plot.h"
#include "units.h"
#include "property_editor.h"
#include "quantity_edit.h"
#include <QDockWidget>
#include <QLabel>
#include <QListWidget>
#include <QSpinBox>
#include <QComboBox>
#include <QSignalSpy>
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

        const auto& doc = w.document().circuit();
        // Drawn where the model says: every symbol's strokes inside its body, every label's text
        // in its label box, every wire's stroke on its routed segments (pixels of the image,
        // positions from the scene through the view's transform).
        QCOMPARE(canvas.size(), w.view().viewport()->size());
        auto box = [&](const QRectF& scene) { return w.view().mapFromScene(scene).boundingRect().intersected(canvas.rect()); };
        auto count = [&](const QRect& r, auto&& pred) {
            int n = 0;
            for (int y = r.top(); y <= r.bottom(); ++y)
                for (int x = r.left(); x <= r.right(); ++x) n += pred(canvas.pixel(x, y));
            return n;
        };
        for (const auto& comp : doc.components) {
            const ComponentItem* it = w.scene().componentItem(comp.id);
            const int strokes = count(box(it->bodySceneRect()), [](QRgb c) { return qGray(c) < 128; });
            QVERIFY2(strokes >= 8, qPrintable(QString("%1: %2 stroke pixels in its body").arg(comp.id).arg(strokes)));
            const int text = count(box(it->labelSceneRect()), [](QRgb c) { return qGray(c) < 110; });
            QVERIFY2(text >= 4, qPrintable(QString("%1: %2 text pixels in its label").arg(comp.id).arg(text)));
        }
        // the wire colours of the four domains (wire_item.cpp)
        const QColor wireColours[] = {QColor(0x1f, 0x4e, 0x9c), QColor(0x2f, 0x7d, 0x32), QColor(0xc0, 0x6a, 0x00), QColor(0x7b, 0x1f, 0xa2)};
        // A pixel of a thin antialiased stroke is the wire colour blended with the background:
        // c = bg + f*(k - bg) with a clear share f and little else.
        auto wireLike = [&](QRgb c) {
            const double d[3] = {qRed(c) - 252.0, qGreen(c) - 252.0, qBlue(c) - 250.0};
            for (const QColor& k : wireColours) {
                const double e[3] = {k.red() - 252.0, k.green() - 252.0, k.blue() - 250.0};
                const double f = (d[0] * e[0] + d[1] * e[1] + d[2] * e[2]) / (e[0] * e[0] + e[1] * e[1] + e[2] * e[2]);
                const double rest = std::hypot(d[0] - f * e[0], d[1] - f * e[1], d[2] - f * e[2]);
                if (f >= 0.3 && rest < 30) return true;
            }
            return false;
        };
        int segments = 0;
        for (const WireItem* wi : w.scene().wireItems()) {
            const auto r = wi->route();
            for (size_t k = 1; k < r.size(); ++k) {
                const QPoint a = w.view().mapFromScene(r[k - 1]), b = w.view().mapFromScene(r[k]);
                if ((a - b).manhattanLength() < 12) continue;
                const QPointF mid = (r[k - 1] + r[k]) / 2;
                bool covered = false;  // a label may sit on a wire
                for (const auto& comp : doc.components) covered = covered || w.scene().componentItem(comp.id)->labelSceneRect().contains(mid);
                if (covered) continue;
                const QPoint m = w.view().mapFromScene(mid);
                QVERIFY2(count(QRect(m - QPoint(2, 2), QSize(5, 5)).intersected(canvas.rect()), wireLike) > 0,
                         qPrintable(QString("wire %1: no wire stroke at its segment %2 (pixel %3, %4)").arg(wi->key()).arg(k).arg(m.x()).arg(m.y())));
                ++segments;
            }
        }
        QVERIFY2(2 * segments >= static_cast<int>(doc.wires.size()), qPrintable(QString("%1 wire segments checked").arg(segments)));

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

    // After a run the plot shows the simulated values: at three times, the pixels of the
    // reference's line in the pixel column of that time span the value of the run's trace mapped
    // through the axes (within a pixel), in the unit the axis title names; the image is saved.
    void runPlotShowsTheTrace() {
        Window win(tmp_);
        hs::gui::MainWindow& w = win.w;
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QString err;
        QVERIFY2(w.openExample(QDir(HS_EXAMPLES_DIR).filePath("three_orifice.hydro.json"), &err), qPrintable(err));
        RunWorkspace& ws = w.runner().workspace();
        hs::service::RunServiceOptions opt;
        opt.duration = 0.5;
        opt.configs = {"RK4 1e-4"};  // the reference alone: one line per plot
        ws.setRunOptions(opt);
        QSignalSpy finished(&ws, &RunWorkspace::runFinished);
        QCOMPARE(w.runner().run(), QString());
        QVERIFY(finished.wait(120000));
        QCoreApplication::processEvents();
        const auto& cmp = ws.service().comparison();
        QVERIFY(cmp.reference >= 0);
        const hs::sim::Trace& ref = cmp.configs[static_cast<size_t>(cmp.reference)].result.trace;

        TracePlot* plot = ws.plotPanel()->plot();
        QVERIFY(!plot->probes().isEmpty());
        const QString probe = plot->probes().front();
        const int col = ref.column(probe.toStdString());
        QVERIFY2(col >= 0, qPrintable(probe));
        QVERIFY(ws.plotPanel()->showProbes({probe}));  // one probe: a tall plot
        QCoreApplication::processEvents();
        const QImage img = plot->toPixmap(plot->width(), plot->height(), 1.0).toImage();
        QVERIFY(img.save(QString(HS_SCREENSHOT_DIR) + "/three_orifice_run_plot.png"));
        QCPAxisRect* rect = plot->axisRects().front();
        QCPAxis* xAxis = rect->axis(QCPAxis::atBottom);
        QCPAxis* yAxis = rect->axis(QCPAxis::atLeft);
        // the unit of the axis title, and the factor from the trace's SI unit to it
        const QString label = yAxis->label();
        const qsizetype open = label.indexOf('['), close = label.indexOf(']');
        QVERIFY2(open >= 0 && close > open, qPrintable(label));
        const QString unit = label.mid(open + 1, close - open - 1);
        const auto factor = Units::factor(QString::fromStdString(ref.units[static_cast<size_t>(col)]), unit);
        QVERIFY2(factor && *factor > 0, qPrintable(label));
        QCPGraph* line = nullptr;
        for (int g = 0; g < plot->graphCount(); ++g)
            if (plot->graph(g)->keyAxis() == xAxis && plot->graph(g)->visible() && !plot->graph(g)->data()->isEmpty()) line = plot->graph(g);
        QVERIFY(line);
        const QColor pen = line->pen().color();
        const auto& t = ref.time;
        const auto& v = ref.columns[static_cast<size_t>(col)];
        for (double share : {0.2, 0.5, 0.9}) {
            const size_t i = static_cast<size_t>(share * static_cast<double>(t.size() - 1));
            const int x = static_cast<int>(std::lround(xAxis->coordToPixel(t[i])));
            const double yExpected = yAxis->coordToPixel(v[i] / *factor);
            int top = -1, bottom = -1;
            for (int y = rect->top(); y <= rect->bottom(); ++y) {
                const QRgb c = img.pixel(x, y);
                if (std::abs(qRed(c) - pen.red()) + std::abs(qGreen(c) - pen.green()) + std::abs(qBlue(c) - pen.blue()) > 120) continue;
                if (top < 0) top = y;
                bottom = y;
            }
            const QString info = QString("%1 at t = %2 s: %3 %4 is pixel row %5; the line's pixels in column %6: rows %7-%8")
                                     .arg(probe).arg(t[i]).arg(v[i] / *factor).arg(unit).arg(yExpected).arg(x).arg(top).arg(bottom);
            qInfo("%s", qPrintable(info));
            QVERIFY2(top >= 0, qPrintable(info));
            QVERIFY2(yExpected >= top - 1.0 && yExpected <= bottom + 1.0, qPrintable(info));
            // and back: the middle of the drawn line maps to the value within a pixel's worth
            const double back = yAxis->pixelToCoord(0.5 * (top + bottom));
            const double pixelWorth = std::abs(yAxis->pixelToCoord(0) - yAxis->pixelToCoord(1));
            QVERIFY2(std::abs(back - v[i] / *factor) <= (0.5 * (bottom - top) + 1.0) * pixelWorth, qPrintable(info));
        }
    }
};

QTEST_MAIN(TestScreenshots)
#include "test_screenshots.moc"
