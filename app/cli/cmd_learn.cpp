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
#include "sim/methods/narx_features.h"

namespace hs::cli {

namespace {

const char* kLearnUsage =
    "usage: hydrostiff-cli learn narx FILE --volume ID [--config REF] [--duration T] [--dt H]\n"
    "                          [--random COMP:MIN:MAX:PERIOD[:SEED]]... [--data DATA.csv | --from-data DATA.csv]\n"
    "                          [--neurons 10,10] [--activation logistic|tanh|linear] [--delay 2] [--seed 1]\n"
    "                          [--epochs 1000] [--max-fail 6] [--out MODEL.narx] [--attach CONFIG_NAME] [--quiet]\n"
    "  Records the volume's NARX inputs (q_in, q_out, Be, V) and pressure every H seconds (default: 10x\n"
    "  the configuration's step) over T seconds (default: the circuit's duration) of the configuration\n"
    "  REF (default: the reference), with each --random source replaced by a seeded random multilevel\n"
    "  signal (a level in [MIN, MAX] held for PERIOD s; give the option once per source, separated by\n"
    "  commas), writes the data as CSV (--data, default <model>.csv), splits it 70/15/15 and trains a\n"
    "  network (hidden layers --neurons) by Levenberg-Marquardt with early stopping on the validation\n"
    "  set. --from-data trains on a dataset written before instead of running the circuit.\n"
    "  Writes the model (default <circuit stem>.<ID>.narx beside the circuit). --attach NAME adds (or\n"
    "  replaces) a configuration NAME to the circuit file: rk4 at step H with the narx method on ID.";

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
            "epochs", "max-fail", "out", "attach"},
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
    to.lm.maxEpochs = static_cast<int>(epochs.value_or(1000));
    to.lm.maxFail = static_cast<int>(maxFail.value_or(6));
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
        cf.absoluteDir().filePath(cf.completeBaseName().section('.', 0, 0) + "." + volume + ".narx"));
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
        const double eta = r.seconds / r.epoch * (to.lm.maxEpochs - r.epoch);
        bar("train", static_cast<double>(r.epoch) / to.lm.maxEpochs,
            QString("epoch %1: train %2, validation %3, mu %4, %5 s (at most %6 s more)")
                .arg(r.epoch).arg(fmt(r.trainMse, 3), fmt(r.validationMse, 3), fmt(r.mu, 2), fmt(r.seconds, 3), fmt(eta, 3)));
    };
    learn::NarxTrainResult tr = learn::trainNarx(data, to, progress);
    if (show) std::fprintf(stderr, "\n");
    if (!tr.ok) { err("learn narx: " + QString::fromStdString(tr.error)); return RunFailed; }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    learn::NarxModel& m = tr.model;
    m.setInfo("volume", volume.toStdString());
    m.setInfo("circuit", cf.fileName().toStdString());
    m.setInfo("circuit_hash", learn::netlistHash(net));
    m.setInfo("data_circuit_hash", data.metaValue("circuit_hash"));
    std::string e;
    if (!learn::saveNarxModel(modelPath.toStdString(), m, e)) { err("learn narx: " + QString::fromStdString(e)); return FileError; }
    QStringList layers;
    for (int h : to.hidden) layers << QString::number(h);
    out(QString("network        %1 inputs (delay %2), hidden %3 (%4), 1 linear output: %5 weights")
            .arg(m.regressorSize()).arg(to.delay).arg(layers.join("x"), learn::activationName(to.activation))
            .arg(m.net.weightCount()));
    out(QString("training       %1 regressors, %2, %3 epochs (best %4, %5) in %6 s wall, %7 s cpu")
            .arg(tr.samples).arg(QString::fromStdString(m.infoValue("split"))).arg(tr.lm.epochs).arg(tr.lm.bestEpoch)
            .arg(QString::fromStdString(tr.lm.stopReason), fmt(secs, 4), fmt(tr.cpuSeconds, 4)));
    out(QString("MSE (scaled)   train %1, validation %2, test %3").arg(fmt(tr.lm.trainMse, 4), fmt(tr.lm.validationMse, 4), fmt(tr.lm.testMse, 4)));
    out("wrote          " + modelPath);
    if (auto name = a.value("attach")) {
        model::SolverConfigDoc c;
        c.name = *name;
        c.description = QString("NARX surrogate on %1 (%2), RK4 at the model's sample interval").arg(volume, QFileInfo(modelPath).fileName());
        c.stepper = "rk4";
        c.dt = m.sampleInterval;
        model::MethodDoc md;
        md.method = "narx";
        md.text[QStringLiteral("model")] = cf.absoluteDir().relativeFilePath(QFileInfo(modelPath).absoluteFilePath());
        c.methods[volume] = md;
        bool replaced = false;
        for (auto& old : circuit->configs)
            if (old.name == c.name) { old = c; replaced = true; }
        if (!replaced) circuit->configs.push_back(c);
        QString se;
        if (!model::saveCircuit(*circuit, a.positional.front(), &se)) { err("learn narx: " + se); return FileError; }
        out((replaced ? "replaced       configuration '" : "added          configuration '") + c.name + "' to " + a.positional.front());
    }
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
    err("learn: unknown model kind '" + argv.front() + "' (known: narx, monitor)");
    return Usage;
}

}  // namespace hs::cli
