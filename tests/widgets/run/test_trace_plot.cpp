// SPDX-License-Identifier: GPL-3.0-or-later
// The plot fed from synthetic sample rings, as the workspace feeds it: a producer thread per
// configuration pushes samples, a ~30 Hz timer drains the rings into traces, extends the live
// errors and calls append(). Every sample ends up as a point, and the plot replots once per tick
// that brought data, never per sample. Also: probe choice, legend toggles, the cursor read-out,
// cursors A and B.
#include <QTableWidget>
#include <QToolButton>
#include <QtTest>
#include <atomic>
#include <cmath>
#include <thread>

#include "plot_panel.h"
#include "service/live_metrics.h"
#include "service/sample_ring.h"

using namespace hs;

namespace {

constexpr int kSamples = 30000;

void drainInto(service::SampleRing& ring, sim::Trace& tr) {
    const size_t w = ring.width();
    ring.consume([&](const double* r) {
        tr.time.push_back(r[0]);
        for (size_t c = 1; c < w; ++c) tr.columns[c - 1].push_back(r[c]);
    });
}

sim::Trace emptyTrace() {
    sim::Trace t;
    t.names = {"p", "q"};
    t.units = {"Pa", "m3/s"};
    t.columns.assign(2, {});
    return t;
}

}  // namespace

class TestTracePlot : public QObject {
    Q_OBJECT
private slots:
    void fedFromRingsOneReplotPerTick();
    void probeChoiceAndLegend();
    void failedRunFaintTraceInDisplayUnit();
    void flatPlotsKeepLabelsApart();
    void shortPlotKeepsTheStartOfTheProbeName();
    void deltaCursorsReadAandB();
};

// Cursors A and B: on with the button, each dragged with the mouse (the plot does not pan), the
// table reads every plotted trace at A, at B and B - A, the line above it delta-t and 1/delta-t;
// it stays when the mouse leaves, follows the legend, and goes when the cursors are off.
void TestTracePlot::deltaCursorsReadAandB() {
    widgets::PlotPanel panel;
    panel.resize(900, 500);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    sim::Trace ref, other;  // p = 1 bar/s * t and 2 bar/s * t
    for (sim::Trace* t : {&ref, &other}) {
        t->names = {"p"};
        t->units = {"Pa"};
        t->columns.assign(1, {});
        for (int i = 0; i <= 200; ++i) {
            t->time.push_back(i * 0.01);
            t->columns[0].push_back((t == &ref ? 1e5 : 2e5) * t->time.back());
        }
    }
    panel.beginRun({{"ref", true, 0}, {"other", false, 1}}, 2.0);
    panel.setAvailableProbes({"p"}, {"Pa"});
    panel.append({{"ref", true, 0, &ref, nullptr, 0, true, true}, {"other", false, 1, &other, nullptr, 0, true, true}});
    widgets::TracePlot* plot = panel.plot();
    QTableWidget* table = panel.readoutTable();
    QVERIFY(!table->isVisible());

    panel.deltaCursorsButton()->setChecked(true);  // at a quarter and three quarters of [0, 2] s
    QCOMPARE(plot->cursorTime(widgets::DeltaCursors::A), 0.5);
    QCOMPARE(plot->cursorTime(widgets::DeltaCursors::B), 1.5);
    QVERIFY(table->isVisible());
    QCOMPARE(table->columnCount(), 4);
    QCOMPARE(table->horizontalHeaderItem(1)->text(), QString("p A [bar]"));
    QCOMPARE(table->horizontalHeaderItem(3)->text(), QString::fromUtf8("p B\u2212A [bar]"));
    QCOMPARE(table->rowCount(), 2);
    auto value = [&](int row, int col) { return table->item(row, col)->text().toDouble(); };
    auto rowOf = [&](const QString& name) {
        for (int r = 0; r < table->rowCount(); ++r)
            if (table->item(r, 0)->text() == name) return r;
        return -1;
    };
    const int r = rowOf("ref"), o = rowOf("other");
    QVERIFY(r >= 0 && o >= 0);
    QCOMPARE(value(r, 1), 0.5);
    QCOMPARE(value(r, 2), 1.5);
    QCOMPARE(value(r, 3), 1.0);
    QCOMPARE(value(o, 1), 1.0);
    QCOMPARE(value(o, 3), 2.0);
    const QString line = panel.readoutText();
    QVERIFY2(line.contains(QString::fromUtf8("\u0394t</b> = B\u2212A = 1 s")), qPrintable(line));
    QVERIFY2(line.contains(QString::fromUtf8("1/\u0394t</b> = 1 Hz")), qPrintable(line));

    // Drag A from 0.5 s to 1.75 s: A moves, the view does not.
    plot->replot();
    QCPAxisRect* rect = plot->axisRects().front();
    QCPAxis* time = rect->axis(QCPAxis::atBottom);
    const QCPRange view = time->range();
    const int y = rect->center().y();
    const QPoint from(qRound(time->coordToPixel(0.5)), y), to(qRound(time->coordToPixel(1.75)), y);
    QTest::mousePress(plot, Qt::LeftButton, {}, from);
    QMouseEvent move(QEvent::MouseMove, QPointF(to), plot->mapToGlobal(QPointF(to)), Qt::NoButton, Qt::LeftButton, {});
    QApplication::sendEvent(plot, &move);
    QTest::mouseRelease(plot, Qt::LeftButton, {}, to);
    const double pixel = view.size() / rect->width();
    QVERIFY2(std::abs(plot->cursorTime(widgets::DeltaCursors::A) - 1.75) <= pixel,
             qPrintable(QString::number(plot->cursorTime(widgets::DeltaCursors::A))));
    QCOMPARE(time->range(), view);
    const double a = plot->cursorTime(widgets::DeltaCursors::A);
    QVERIFY(std::abs(value(rowOf("ref"), 1) - a) < 1e-5);  // six digits shown
    QVERIFY(std::abs(value(rowOf("ref"), 3) - (1.5 - a)) < 1e-5);  // B - A < 0 now
    QVERIFY(value(rowOf("ref"), 3) < 0);
    QVERIFY(plot->grab().save(HS_TEST_OUTPUT_DIR "/trace_plot_delta_cursors.png"));

    QEvent leave(QEvent::Leave);
    QApplication::sendEvent(plot, &leave);
    QVERIFY(table->isVisible());  // the cursors' table is not the mouse's
    panel.legend()->item(1)->setCheckState(Qt::Unchecked);
    QCOMPARE(table->rowCount(), 1);
    QCOMPARE(table->item(0, 0)->text(), QString("ref"));
    panel.deltaCursorsButton()->setChecked(false);
    QVERIFY(!table->isVisible());
}

// Issue 13: six stacked plots (three probes with their errors) in a short panel: no axis title
// longer than its plot is tall (they ran into each other), tick labels at least a line apart.
void TestTracePlot::flatPlotsKeepLabelsApart() {
    widgets::PlotPanel panel;
    panel.resize(900, 420);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    sim::Trace ref, other;
    for (sim::Trace* t : {&ref, &other}) {
        t->names = {"p", "q", "K"};
        t->units = {"Pa", "m3/s", "m3/(s*Pa^0.5)"};
        t->columns.assign(3, {});
        for (int i = 0; i <= 200; ++i) {
            t->time.push_back(i * 0.01);
            t->columns[0].push_back(1e7 * (1 + 0.1 * std::sin(i * 0.1)) + (t == &other ? 3e3 * std::cos(i * 0.3) : 0));
            t->columns[1].push_back(1e-4 * std::cos(i * 0.05) + (t == &other ? 1e-7 : 0));
            t->columns[2].push_back(6e-9 * std::sin(i * 0.02) + (t == &other ? 1e-12 * i : 0));
        }
    }
    service::LiveMetrics m;
    m.update(ref, other, true);
    panel.beginRun({{"ref", true, 0}, {"other", false, 1}}, 2.0);
    panel.setAvailableProbes({"p", "q", "K"}, {"Pa", "m3/s", "m3/(s*Pa^0.5)"});
    panel.showProbes({"p", "q", "K"});
    panel.append({{"ref", true, 0, &ref, nullptr, 0, true, true}, {"other", false, 1, &other, &m.error(), 0, true, true}});
    widgets::TracePlot* plot = panel.plot();
    plot->replot();
    QCOMPARE(plot->axisRects().size(), 6);
    for (QCPAxisRect* r : plot->axisRects()) {
        QCPAxis* y = r->axis(QCPAxis::atLeft);
        const QFontMetrics fm(y->labelFont());
        QVERIFY2(fm.horizontalAdvance(y->label()) <= r->rect().height(),
                 qPrintable(QString("'%1' is %2 px, its plot %3 px").arg(y->label()).arg(fm.horizontalAdvance(y->label())).arg(r->rect().height())));
        const QVector<double> ticks = y->tickVector();
        const QFontMetrics tf(y->tickLabelFont());
        for (int k = 1; k < ticks.size(); ++k) {
            const double gap = std::abs(y->coordToPixel(ticks[k]) - y->coordToPixel(ticks[k - 1]));
            QVERIFY2(gap >= tf.height(), qPrintable(QString("ticks %1 px apart in a %2 px plot").arg(gap).arg(r->rect().height())));
        }
    }
    QVERIFY(plot->grab().save(HS_TEST_OUTPUT_DIR "/trace_plot_flat_rows.png"));
}

// A value plot too short for "p charge line [bar]" keeps the start of the probe's name and its
// unit ("p charge l… [bar]"): with three pressure plots, "[bar]" alone did not say which is which.
void TestTracePlot::shortPlotKeepsTheStartOfTheProbeName() {
    widgets::PlotPanel panel;
    panel.resize(900, 420);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    const QStringList probes{"p charge line", "p motor inlet", "p pump outlet"};
    sim::Trace ref;
    ref.names = {"p charge line", "p motor inlet", "p pump outlet"};
    ref.units = {"Pa", "Pa", "Pa"};
    ref.columns.assign(3, {});
    for (int i = 0; i <= 100; ++i) {
        ref.time.push_back(i * 0.01);
        for (auto& c : ref.columns) c.push_back(1e6 * (2 + std::sin(i * 0.1)));
    }
    panel.beginRun({{"ref", true, 0}}, 1.0);
    panel.setAvailableProbes(probes, {"Pa", "Pa", "Pa"});
    panel.showProbes(probes);
    panel.append({{"ref", true, 0, &ref, nullptr, 0, true, true}});
    widgets::TracePlot* plot = panel.plot();
    plot->replot();
    QCOMPARE(plot->axisRects().size(), 3);
    int shortened = 0;
    for (int k = 0; k < 3; ++k) {
        QCPAxisRect* r = plot->axisRects()[k];
        const QString label = r->axis(QCPAxis::atLeft)->label();
        const QFontMetrics fm(r->axis(QCPAxis::atLeft)->labelFont());
        QVERIFY2(fm.horizontalAdvance(label) <= r->rect().height(), qPrintable(label));
        QVERIFY2(label.startsWith(probes[k].left(3)) && label.endsWith("[bar]"), qPrintable(QString("%1 in %2 px").arg(label).arg(r->rect().height())));
        if (label != probes[k] + " [bar]") ++shortened;
    }
    QVERIFY2(shortened > 0, "the panel is meant to be too short for the full titles");
}

// Issue 13: the configurations of this run failed before their first sample (no columns), an
// earlier run of them is drawn faint: its pressure is in bar on a "[bar]" axis, not in Pa on
// a "[-]" axis.
void TestTracePlot::failedRunFaintTraceInDisplayUnit() {
    widgets::PlotPanel panel;
    panel.resize(900, 600);
    panel.show();
    sim::Trace earlier;
    earlier.names = {"p"};
    earlier.units = {"Pa"};
    earlier.columns.assign(1, {});
    for (int i = 0; i <= 100; ++i) {
        earlier.time.push_back(i * 0.01);
        earlier.columns[0].push_back(1e7);  // 100 bar
    }
    sim::Trace failed;  // no samples, no columns
    panel.beginRun({{"ref", true, 0}}, 1.0);
    panel.plot()->setPrevious(0, {{1, &earlier}});
    panel.setAvailableProbes({"p"}, {"Pa"});
    panel.append({{"ref", true, 0, &failed, nullptr, 0, true, true}});
    widgets::TracePlot* plot = panel.plot();
    QVERIFY(!plot->axisRects().isEmpty());
    const QString label = plot->axisRects().front()->axis(QCPAxis::atLeft)->label();
    QVERIFY2(label.contains("[bar]"), qPrintable(label));
    QCPGraph* faint = nullptr;
    for (int g = 0; g < plot->graphCount(); ++g)
        if (plot->graph(g)->name().contains("(run 1)")) faint = plot->graph(g);
    QVERIFY(faint);
    QVERIFY(faint->dataCount() > 0);
    QCOMPARE(faint->data()->begin()->value, 100.0);
}

void TestTracePlot::fedFromRingsOneReplotPerTick() {
    widgets::PlotPanel panel;
    panel.resize(900, 600);
    panel.show();
    panel.beginRun({{"ref", true, 0}, {"fast", false, 1}}, kSamples * 1e-4);
    panel.setAvailableProbes({"p", "q"}, {"Pa", "m3/s"});
    QCOMPARE(panel.shownProbes(), (QStringList{"p", "q"}));

    service::SampleRing ringRef(3, 1 << 16), ringFast(3, 1 << 16);
    std::atomic<int> producersDone{0};
    auto produce = [&](service::SampleRing& ring, double gain) {
        for (int i = 0; i < kSamples; ++i) {
            const double t = i * 1e-4;
            const double v[2] = {1e6 * (1 + gain * std::sin(20 * t)), 1e-4 * std::cos(5 * t)};
            while (!ring.push(t, v)) std::this_thread::yield();  // the test wants every sample
            if (i % 500 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        ++producersDone;
    };

    sim::Trace ref = emptyTrace(), fast = emptyTrace();
    service::LiveMetrics metrics;
    int ticks = 0, ticksWithData = 0, livePoints = 0;
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QTest::qWait(20);  // the show/resize replots happen before the count starts
    const int replotsBefore = panel.plot()->replotCount();
    QTimer timer;
    timer.setInterval(33);
    auto tick = [&]() {
        ++ticks;
        drainInto(ringRef, ref);
        drainInto(ringFast, fast);
        const bool final = producersDone.load() == 2 && ringRef.size() == 0 && ringFast.size() == 0;
        metrics.update(ref, fast, final);
        if (panel.append({{"ref", true, 0, &ref, nullptr, 0, final}, {"fast", false, 1, &fast, &metrics.error(), 0, final, final}}) > 0)
            ++ticksWithData;
        if (!final) livePoints = std::max(livePoints, panel.plot()->pointCount(1, "p"));
    };
    connect(&timer, &QTimer::timeout, this, tick);
    timer.start();
    std::thread a(produce, std::ref(ringRef), 0.5), b(produce, std::ref(ringFast), 0.51);
    QTRY_VERIFY_WITH_TIMEOUT(producersDone.load() == 2, 30000);
    a.join();
    b.join();
    QTest::qWait(50);
    timer.stop();
    tick();  // the last samples, with the final flag

    // While streaming, the graphs hold the min/max envelope per time bucket, not every sample.
    qInfo("at most %d points per graph while streaming", livePoints);
    QVERIFY(livePoints > 1000);
    QVERIFY(livePoints <= 2 * widgets::TracePlot::kLiveBuckets + 2);
    QCOMPARE(ref.time.size(), size_t(kSamples));
    QCOMPARE(fast.time.size(), size_t(kSamples));
    for (const QString& probe : {QString("p"), QString("q")}) {
        QCOMPARE(panel.plot()->pointCount(0, probe), kSamples);
        QCOMPARE(panel.plot()->pointCount(1, probe), kSamples);
        QCOMPARE(panel.plot()->errorPointCount(1, probe), kSamples);
        QCOMPARE(panel.plot()->errorPointCount(0, probe), -1);  // no error plot for the reference
    }
    const int replots = panel.plot()->replotCount() - replotsBefore;
    qInfo("%d ticks, %d with data, %d replots for %d samples per trace", ticks, ticksWithData, replots, kSamples);
    QVERIFY(ticksWithData > 3);          // the data really arrived over several ticks
    // One replot per tick that brought data (plus at most the first tick's layout rebuild and
    // the final tick that swaps in the complete traces).
    QVERIFY(replots >= ticksWithData && replots <= ticksWithData + 2);
    QVERIFY(replots < kSamples / 100);   // nowhere near one per sample
}

void TestTracePlot::probeChoiceAndLegend() {
    widgets::PlotPanel panel;
    panel.resize(900, 600);
    panel.show();
    panel.beginRun({{"ref", true, 0}, {"fast", false, 1}}, 1.0);
    panel.setAvailableProbes({"p", "q", "r", "s"}, {"Pa", "m3/s", "m", "-"});
    QCOMPARE(panel.shownProbes(), (QStringList{"p", "q", "r"}));  // the first three by default
    QVERIFY(panel.showProbes({"s", "nonexistent"}));
    QCOMPARE(panel.shownProbes(), QStringList{"s"});
    QVERIFY(!panel.showProbes({"nonexistent"}));
    QCOMPARE(panel.shownProbes(), QStringList{"s"});

    sim::Trace ref, fast;
    for (sim::Trace* t : {&ref, &fast}) {
        t->names = {"p", "q", "r", "s"};
        t->units = {"Pa", "m3/s", "m", "-"};
        t->columns.assign(4, {});
        for (int i = 0; i <= 100; ++i) {
            t->time.push_back(i * 0.01);
            for (int c = 0; c < 4; ++c) t->columns[static_cast<size_t>(c)].push_back(t == &ref ? i : i + 0.5);
        }
    }
    service::LiveMetrics m;
    m.update(ref, fast, true);
    panel.showProbes({"p", "s"});
    panel.append({{"ref", true, 0, &ref, nullptr, 0}, {"fast", false, 1, &fast, &m.error(), 0}});
    QCOMPARE(panel.plot()->graphsWithData(), (std::vector<int>{2, 2}));
    panel.plot()->setSeriesVisible(1, false);
    QCOMPARE(panel.plot()->graphsWithData(), (std::vector<int>{2, 0}));
    panel.plot()->setSeriesVisible(1, true);
    // Read-out at t = 0.505: halfway between samples 50 and 51. p is shown in bar (Pa * 1e-5).
    const QString text = panel.plot()->readout(0.505);
    QVERIFY2(text.contains("5.05e-04") || text.contains("0.000505"), qPrintable(text));  // ref p: 50.5 Pa
    QVERIFY2(text.contains("&Delta; 5e-06"), qPrintable(text));                          // error 0.5 Pa
    QVERIFY2(text.contains(" 51"), qPrintable(text));                                    // fast s = 50.5 + 0.5
}

QTEST_MAIN(TestTracePlot)
#include "test_trace_plot.moc"
