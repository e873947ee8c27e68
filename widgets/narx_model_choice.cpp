// SPDX-License-Identifier: GPL-3.0-or-later
#include "narx_model_choice.h"

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QStandardItemModel>

#include "learn/narx_model.h"
#include "model/circuit.h"

namespace hs::widgets {

namespace {

std::optional<NarxModelChoice> load(const QString& folder, const QString& file) {
    const QString path = QFileInfo(file).isAbsolute() ? file : QDir(folder).filePath(file);
    hs::learn::NarxModel m;
    std::string e;
    if (!hs::learn::loadNarxModel(path.toStdString(), m, e)) return std::nullopt;
    NarxModelChoice c;
    c.file = file;
    c.validationMse = QString::fromStdString(m.infoValue("validation_mse"));
    QStringList layers;
    for (int h : m.net.hidden()) layers << QString::number(h);
    c.summary = QObject::tr("%1 (hidden %2 %3, delay %4, %5 weights), sample interval %6 s, trainer %7, epochs %8")
                    .arg(QFileInfo(path).fileName(), layers.join("x"), hs::learn::activationName(m.net.activation()))
                    .arg(m.delay).arg(m.net.weightCount()).arg(m.sampleInterval)
                    .arg(QString::fromStdString(m.infoValue("trainer")).isEmpty() ? QStringLiteral("lm")
                                                                                   : QString::fromStdString(m.infoValue("trainer")),
                         QString::fromStdString(m.infoValue("epochs")));
    c.sampleInterval = m.sampleInterval;
    return c;
}

}  // namespace

std::optional<NarxModelChoice> narxModelFor(const hs::model::Circuit& circuit, const QString& volume) {
    for (const auto& cfg : circuit.configs) {
        auto it = cfg.methods.find(volume);
        if (it == cfg.methods.end() || it->second.method != "narx") continue;
        auto f = it->second.text.find(QStringLiteral("model"));
        if (f == it->second.text.end() || f->second.isEmpty()) continue;
        if (auto c = load(circuit.folder, f->second)) return c;
    }
    if (circuit.folder.isEmpty()) return std::nullopt;
    const QFileInfoList sidecars =
        QDir(circuit.folder).entryInfoList({"*." + volume + ".narx"}, QDir::Files, QDir::Time);  // newest first
    for (const QFileInfo& fi : sidecars)
        if (auto c = load(circuit.folder, fi.fileName())) return c;
    return std::nullopt;
}

void markNarxEntry(QComboBox* box, const hs::model::Circuit& circuit, const QString& volume) {
    const int i = box->findData(QStringLiteral("narx"));
    if (i < 0) return;
    auto* model = qobject_cast<QStandardItemModel*>(box->model());
    QStandardItem* item = model ? model->item(i) : nullptr;
    if (!item) return;
    const QString title = item->data(Qt::UserRole + 100).toString().isEmpty() ? item->text() : item->data(Qt::UserRole + 100).toString();
    item->setData(title, Qt::UserRole + 100);  // the title without the error, kept across calls
    const auto c = narxModelFor(circuit, volume);
    // The entry stays enabled while it is the volume's method (so the picker can show it).
    const bool current = box->currentIndex() == i;
    if (c) {
        item->setEnabled(true);
        item->setText(c->validationMse.isEmpty() ? title : QObject::tr("%1 (validation MSE %2)").arg(title, c->validationMse));
        item->setToolTip(QObject::tr("Trained model: %1").arg(c->summary));
    } else {
        item->setEnabled(current);
        item->setText(title);
        item->setToolTip(QObject::tr("No trained model for %1: select the volume and use Simulation > Train Surrogate... "
                                     "(or hydrostiff-cli learn narx)").arg(volume));
    }
}

hs::model::MethodDoc pickedMethod(const QString& methodId, const hs::model::Circuit& circuit, const QString& volume) {
    hs::model::MethodDoc m{methodId, {}, {}};
    if (methodId == QStringLiteral("narx"))
        if (const auto c = narxModelFor(circuit, volume)) m.text[QStringLiteral("model")] = c->file;
    return m;
}

}  // namespace hs::widgets
