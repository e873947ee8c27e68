// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff-cli learn narx FILE --volume ID ...: record training data from the circuit, train a
// NARX surrogate for one volume (core/learn), write the model next to the circuit and optionally
// add a configuration that uses it (docs/learned-models.md).
#include <QDir>
#include <QFileInfo>
#include <chrono>
#include <cstdio>
#include <unistd.h>

#include "cli.h"
#include "learn/narx_data.h"
#include "learn/narx_model.h"
#include "model/circuit_io.h"
#include "model/narx_configuration.h"
#include "sim/methods/narx_features.h"

namespace hs::cli {

namespace {

const char* kLearnUsage =
    "usage: hydrostiff-cli learn narx FILE --volume ID [--config REF] [--duration T] [--dt H]\n"
    "                          [--random COMP:MIN:MAX:PERIOD[:SEED]]... [--data DATA.csv | --from-data DATA.csv]\n"
    "                          [--neurons 10,10] [--activation logistic|tanh|linear] [--delay 2] [--seed 1]\n"
    "                          [--trainer lm|adam] [--epochs N] [--max-fail N] [--batch 256] [--learning-rate 1e-3]\n"
    "                          [--decay 0] [--out MODEL.narx] [--attach CONFIG_NAME] [--quiet]\n"
    "  Records the volume's NARX inputs (q_in, q_out, Be, V) and pressure every H seconds (default: 10x\n"
    "  the configuration's step) over T seconds (default: the circuit's duration) of the configuration\n"
    "  REF (default: the reference), with each --random source replaced by a seeded random multilevel\n"
    "  signal (a level in [MIN, MAX] held for PERIOD s; give the option once per source, separated by\n"
    "  commas), writes the data as CSV (--data, default <model>.csv), splits it 70/15/15 and trains a\n"
    "  network (hidden layers --neurons) with early stopping on the validation set: by Levenberg-\n"
    "  Marquardt (--trainer lm, default; --epochs 1000, --max-fail 6) or by Adam on mini-batches of\n"
    "  --batch samples for large sets (--trainer adam; --epochs 200, --max-fail 20, seeded shuffle;\n"
    "  the rate of epoch k is --learning-rate / (1 + --decay (k - 1))).\n"
    "  --from-data trains on a dataset written before instead of running the circuit.\n"
    "  Writes the model (default <circuit stem>.<ID>.narx beside the circuit). --attach NAME adds (or\n"
    "  replaces) a configuration NAME to the circuit file: rk4 at step H with the narx method on ID.\n"
    "\n"
    "usage: hydrostiff-cli learn narx-eval FILE --volume ID --model MODEL.narx [--config REF] [--duration T]\n"
    "                          [--random COMP:MIN:MAX:PERIOD[:SEED]]...\n"
    "  Runs REF (default: the reference) and records the volume at the model's sample interval, then\n"
    "  reports the pressure RRMSE of the model open loop (series-parallel: the recorded pressures fed\n"
    "  back, what training minimises), of a free replay of the recorded inputs (the model's own\n"
    "  pressures fed back, no coupling), and closed loop in the engine (rk4 at the sample interval,\n"
    "  narx on ID: the flows follow the predicted pressure).";

bool tty(const Args& a) { return isatty(2) && !a.flag("quiet"); }

void bar(const char* what, double frac, const QString& tail) {
    const int w = 30, k = static_cast<int>(std::clamp(frac, 0.0, 1.0) * w);
    std::fprintf(stderr, "\r%s [%s%s] %5.1f%% %s   ", what, std::string(static_cast<size_t>(k), '#').c_str(),
                 std::string(static_cast<size_t>(w - k), '.').c_str(), 100.0 * frac, tail.toUtf8().constData());
}

std::optional<learn::RandomExcitation> parseRandom(const QString& s, QString& error) {
    const QStringList f = s.split(':');
    if (f.size() < 4 || f.size() > 5) { error = "--random '" + s + "': expected COMP:MIN:MAX:PERIOD[:SEED]"; return {}; }
    learn::RandomExcitation x;
    x.component = f[0].toStdString();
    bool ok1, ok2, ok3, ok4 = true;
    x.min = f[1].toDouble(&ok1);
    x.max = f[2].toDouble(&ok2);
    x.period = f[3].toDouble(&ok3);
    if (f.size() == 5) x.seed = f[4].toULongLong(&ok4);
    if (!(ok1 && ok2 && ok3 && ok4)) { error = "--random '" + s + "': not a number"; return {}; }
    return x;
}

int learnNarx(const QStringList& argv, const sim::Registry& reg) {
    Args a(argv,
           {"volume", "config", "duration", "dt", "random", "data", "from-data", "neurons", "activation", "delay", "seed",
            "epochs", "max-fail", "out", "attach", "trainer", "batch", "learning-rate", "decay"},
           {"help", "quiet"});
    if (a.flag("help")) { out(kLearnUsage); return Ok; }
    auto duration = a.number("duration");
    auto dt = a.number("dt");
    auto delay = a.number("delay");
    auto seed = a.number("seed");
    auto epochs = a.number("epochs");
    auto maxFail = a.number("max-fail");
    if (!a.ok() || a.positional.size() != 1 || !a.value("volume")) {
        err(a.ok() ? "learn narx: give one circuit file and --volume ID (see --help)" : "learn narx: " + a.error());
        return Usage;
    }
    auto circuit = loadOrReport(a.positional.front(), reg);
    if (!circuit) return FileError;
    const model::SolverConfigDoc* cfg = a.value("config") ? circuit->config(*a.value("config")) : circuit->reference();
    if (!cfg) { err("learn narx: no configuration '" + a.value("config").value_or("(reference)") + "'"); return Usage; }
    const QString volume = *a.value("volume");
    const model::ComponentDoc* vd = circuit->component(volume);
    if (!vd || !reg.find(vd->type.toStdString()) || !reg.find(vd->type.toStdString())->hostsPressureMethod) {
        err("learn narx: '" + volume + "' is not a Volume component of the circuit");
        return Usage;
    }
    learn::NarxTrainOptions to;
    to.inputs.assign(sim::narx::kInputNames.begin(), sim::narx::kInputNames.end());
    to.output = sim::narx::kOutputName;
    to.delay = static_cast<int>(delay.value_or(2));
    to.seed = static_cast<std::uint64_t>(seed.value_or(1));
    if (auto t = a.value("trainer"); t && !learn::parseTrainer(t->toStdString(), to.trainer)) {
        err("learn narx: unknown --trainer '" + *t + "' (lm, adam)");
        return Usage;
    }
    auto batch = a.number("batch");
    auto rate = a.number("learning-rate");
    auto decay = a.number("decay");
    if (!a.ok()) { err("learn narx: " + a.error()); return Usage; }
    to.lm.maxEpochs = static_cast<int>(epochs.value_or(1000));
    to.lm.maxFail = static_cast<int>(maxFail.value_or(6));
    to.adam.maxEpochs = static_cast<int>(epochs.value_or(200));
    to.adam.maxFail = static_cast<int>(maxFail.value_or(20));
    to.adam.batchSize = static_cast<int>(batch.value_or(256));
    to.adam.learningRate = rate.value_or(1e-3);
    to.adam.decay = decay.value_or(0.0);
    if (to.maxEpochs() < 1 || to.adam.batchSize < 1 || !(to.adam.learningRate > 0) || !(to.adam.decay >= 0)) {
        err("learn narx: --epochs and --batch must be at least 1, --learning-rate positive, --decay not negative");
        return Usage;
    }
    to.hidden.clear();
    for (const QString& n : a.value("neurons").value_or("10,10").split(',')) {
        bool ok = false;
        const int k = n.toInt(&ok);
        if (!ok || k < 1 || k > 1000) { err("learn narx: --neurons '" + n + "': expected sizes 1..1000, comma separated"); return Usage; }
        to.hidden.push_back(k);
    }
    if (auto act = a.value("activation"); act && !learn::parseActivation(act->toStdString(), to.activation)) {
        err("learn narx: unknown --activation '" + *act + "' (logistic, tanh, linear)");
        return Usage;
    }
    if (to.delay < 1 || to.delay > 50) { err("learn narx: --delay must be 1..50"); return Usage; }

    const QFileInfo cf(a.positional.front());
    const QString modelPath = a.value("out").value_or(
        QString::fromStdString(learn::defaultNarxModelPath(cf.absoluteFilePath().toStdString(), volume.toStdString())));
    const bool show = tty(a);
    learn::Dataset data;
    const sim::Netlist net = model::toNetlist(*circuit);
    if (auto from = a.value("from-data")) {
        std::string e;
        if (!learn::readDatasetCsv(from->toStdString(), data, e)) { err("learn narx: " + QString::fromStdString(e)); return FileError; }
        out("dataset        " + *from + " (" + QString::number(data.rows()) + " samples)");
    } else {
        learn::NarxDataOptions o;
        o.volume = volume.toStdString();
        o.reference = model::toSolverSettings(*cfg, circuit->folder);
        o.duration = duration.value_or(circuit->duration);
        o.sampleInterval = dt.value_or(10 * cfg->dt);
        for (const QString& r : a.value("random").value_or("").split(',', Qt::SkipEmptyParts)) {
            QString e;
            auto x = parseRandom(r, e);
            if (!x) { err("learn narx: " + e); return Usage; }
            o.random.push_back(*x);
        }
        if (show) o.progress = [&](double t) { bar("data ", t / o.duration, QString("t = %1 s").arg(t, 0, 'g', 4)); };
        const learn::NarxDataResult d = learn::generateNarxData(reg, net, o);
        if (show) std::fprintf(stderr, "\n");
        if (!d.ok) { err("learn narx: data run failed: " + QString::fromStdString(d.error)); return RunFailed; }
        data = d.data;
        data.meta.emplace_back("circuit", cf.fileName().toStdString());
        data.meta.emplace_back("configuration", cfg->name.toStdString());
        const QString dataPath = a.value("data").value_or(modelPath + ".csv");
        std::string e;
        if (!learn::writeDatasetCsv(dataPath.toStdString(), data, e)) { err("learn narx: " + QString::fromStdString(e)); return FileError; }
        out(QString("data run       %1 s of '%2' (%3) in %4 s wall, %5 samples every %6 s")
                .arg(fmt(o.duration), cfg->name, cfg->stepper, fmt(d.wallSeconds), QString::number(data.rows()), fmt(o.sampleInterval)));
        out("wrote          " + dataPath);
    }
    const auto t0 = std::chrono::steady_clock::now();
    auto progress = [&](const learn::EpochReport& r) {
        if (!show) return;
        const double eta = r.seconds / r.epoch * (to.maxEpochs() - r.epoch);
        bar("train", static_cast<double>(r.epoch) / to.maxEpochs(),
            QString("epoch %1: train %2, validation %3, %4 %5, %6 s (at most %7 s more)")
                .arg(r.epoch).arg(fmt(r.trainMse, 3), fmt(r.validationMse, 3), to.trainer == learn::Trainer::Adam ? "rate" : "mu",
                                  fmt(r.mu, 2), fmt(r.seconds, 3), fmt(eta, 3)));
    };
    learn::NarxTrainResult tr = learn::trainNarx(data, to, progress);
    if (show) std::fprintf(stderr, "\n");
    if (!tr.ok) { err("learn narx: " + QString::fromStdString(tr.error)); return RunFailed; }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    learn::NarxModel& m = tr.model;
    learn::stampNarxProvenance(m, volume.toStdString(), cf.fileName().toStdString(), net, data);
    std::string e;
    if (!learn::saveNarxModel(modelPath.toStdString(), m, e)) { err("learn narx: " + QString::fromStdString(e)); return FileError; }
    QStringList layers;
    for (int h : to.hidden) layers << QString::number(h);
    out(QString("network        %1 inputs (delay %2), hidden %3 (%4), 1 linear output: %5 weights")
            .arg(m.regressorSize()).arg(to.delay).arg(layers.join("x"), learn::activationName(to.activation))
            .arg(m.net.weightCount()));
    out(QString("training       %1 regressors, %2, %8, %3 epochs (best %4, %5) in %6 s wall, %7 s cpu")
            .arg(tr.samples).arg(QString::fromStdString(m.infoValue("split"))).arg(tr.lm.epochs).arg(tr.lm.bestEpoch)
            .arg(QString::fromStdString(tr.lm.stopReason), fmt(secs, 4), fmt(tr.cpuSeconds, 4),
                 to.trainer == learn::Trainer::Adam ? QString("Adam (batch %1, rate %2)").arg(to.adam.batchSize).arg(fmt(to.adam.learningRate))
                                                    : QString("Levenberg-Marquardt")));
    out(QString("MSE (scaled)   train %1, validation %2, test %3").arg(fmt(tr.lm.trainMse, 4), fmt(tr.lm.validationMse, 4), fmt(tr.lm.testMse, 4)));
    out("wrote          " + modelPath);
    if (auto name = a.value("attach")) {
        const model::SolverConfigDoc c = model::narxConfiguration(
            *name, volume, cf.absoluteDir().relativeFilePath(QFileInfo(modelPath).absoluteFilePath()), m.sampleInterval);
        const bool replaced = model::putConfiguration(circuit->configs, c);
        QString se;
        if (!model::saveCircuit(*circuit, a.positional.front(), &se)) { err("learn narx: " + se); return FileError; }
        out((replaced ? "replaced       configuration '" : "added          configuration '") + c.name + "' to " + a.positional.front());
    }
    return Ok;
}

// The model against a run of the circuit: open loop (series-parallel), free input replay, closed
// loop in the engine; RRMSE of the volume's pressure for each (docs/learned-models.md).
int learnNarxEval(const QStringList& argv, const sim::Registry& reg) {
    Args a(argv, {"volume", "model", "config", "duration", "random"}, {"help", "quiet"});
    if (a.flag("help")) { out(kLearnUsage); return Ok; }
    auto duration = a.number("duration");
    if (!a.ok() || a.positional.size() != 1 || !a.value("volume") || !a.value("model")) {
        err(a.ok() ? "learn narx-eval: give one circuit file, --volume ID and --model MODEL.narx (see --help)"
                   : "learn narx-eval: " + a.error());
        return Usage;
    }
    auto circuit = loadOrReport(a.positional.front(), reg);
    if (!circuit) return FileError;
    const model::SolverConfigDoc* cfg = a.value("config") ? circuit->config(*a.value("config")) : circuit->reference();
    if (!cfg) { err("learn narx-eval: no configuration '" + a.value("config").value_or("(reference)") + "'"); return Usage; }
    const QString volume = *a.value("volume"), modelPath = *a.value("model");
    learn::NarxModel m;
    if (std::string e; !learn::loadNarxModel(modelPath.toStdString(), m, e)) { err("learn narx-eval: " + QString::fromStdString(e)); return FileError; }
    learn::NarxDataOptions o;
    o.volume = volume.toStdString();
    o.reference = model::toSolverSettings(*cfg, circuit->folder);
    o.duration = duration.value_or(circuit->duration);
    o.sampleInterval = m.sampleInterval;
    for (const QString& r : a.value("random").value_or("").split(',', Qt::SkipEmptyParts)) {
        QString e;
        auto x = parseRandom(r, e);
        if (!x) { err("learn narx-eval: " + e); return Usage; }
        o.random.push_back(*x);
    }
    const bool show = tty(a);
    if (show) o.progress = [&](double t) { bar("reference ", t / o.duration, QString("t = %1 s").arg(t, 0, 'g', 4)); };
    const sim::Netlist net = model::toNetlist(*circuit);
    const learn::NarxDataResult ref = learn::generateNarxData(reg, net, o);
    if (show) std::fprintf(stderr, "\n");
    if (!ref.ok) { err("learn narx-eval: reference run failed: " + QString::fromStdString(ref.error)); return RunFailed; }
    const learn::NarxReplay rp = learn::replayNarx(m, ref.data);
    if (!rp.ok) { err("learn narx-eval: " + QString::fromStdString(rp.error)); return RunFailed; }
    // Closed loop: the configuration --attach would add, run through the same recorder.
    const QFileInfo mf(modelPath);
    const model::SolverConfigDoc closed =
        model::narxConfiguration("closed loop", volume, mf.absoluteFilePath(), m.sampleInterval);
    learn::NarxDataOptions oc = o;
    oc.reference = model::toSolverSettings(closed, circuit->folder);
    if (show) oc.progress = [&](double t) { bar("closed loop", t / o.duration, QString("t = %1 s").arg(t, 0, 'g', 4)); };
    const learn::NarxDataResult cl = learn::generateNarxData(reg, net, oc);
    if (show) std::fprintf(stderr, "\n");
    const auto& pRef = ref.data.columns[static_cast<size_t>(ref.data.column(sim::narx::kOutputName))];
    out(QString("reference      '%1' (%2), %3 s, %4 samples every %5 s").arg(cfg->name, cfg->stepper, fmt(o.duration))
            .arg(pRef.size()).arg(fmt(m.sampleInterval)));
    QStringList layers;
    for (int h : m.net.hidden()) layers << QString::number(h);
    out(QString("model          %1 (hidden %2 %3, delay %4, %5 weights, validation MSE %6)")
            .arg(modelPath, layers.join("x"), learn::activationName(m.net.activation()), QString::number(m.delay),
                 QString::number(m.net.weightCount()), QString::fromStdString(m.infoValue("validation_mse"))));
    out("RRMSE p [%]    (100 RMSE / mean|p|, the volume's pressure against the reference)");
    out(QString("open loop      %1   (series-parallel: recorded pressures fed back)").arg(fmt(rp.rrmseSeriesParallel, 4)));
    out(QString("input replay   %1   (recorded inputs, own pressures fed back)").arg(fmt(rp.rrmseInputReplay, 4)));
    if (!cl.ok) {
        out("closed loop    failed: " + QString::fromStdString(cl.error));
        return RunFailed;
    }
    const auto& pCl = cl.data.columns[static_cast<size_t>(cl.data.column(sim::narx::kOutputName))];
    out(QString("closed loop    %1   (engine: rk4 at %2 s, narx on %3)")
            .arg(fmt(learn::rrmsePercent(pRef, pCl, static_cast<size_t>(m.delay)), 4), fmt(m.sampleInterval), volume));
    return Ok;
}

}  // namespace

int learnCommand(const QStringList& argv, const sim::Registry& reg) {
    if (argv.isEmpty() || argv.front() == "--help") {
        out(QString(kLearnUsage) + "\n\n  hydrostiff-cli learn monitor FILE --faults FAULTS.json | --apply MODEL: the neural condition\n"
                                   "  monitor (learn monitor --help)");
        return argv.isEmpty() ? Usage : Ok;
    }
    if (argv.front() == "narx") return learnNarx(argv.mid(1), reg);
    if (argv.front() == "monitor") return learnMonitor(argv.mid(1), reg);
    if (argv.front() == "narx-eval") return learnNarxEval(argv.mid(1), reg);
    err("learn: unknown model kind '" + argv.front() + "' (known: narx, narx-eval, monitor)");
    return Usage;
}

}  // namespace hs::cli
