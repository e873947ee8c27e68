// SPDX-License-Identifier: GPL-3.0-or-later
// File > Import Hopsan model: the core importer (model/hopsan_import.h) behind a dialog. The
// imported circuit opens as a new, untitled document; the open one is offered for saving first
// and stays as it was when the import is refused or cancelled.
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QStatusBar>

#include "gui_settings.h"
#include "main_window.h"
#include "model/circuit_io.h"
#include "model/hopsan_import.h"

namespace hs::gui {

bool MainWindow::importHopsan(const QString& path, bool partial, QString* error, QStringList* report) {
    const hs::model::HopsanReadResult read = hs::model::loadHopsanModel(path);
    if (!read.model) {
        if (error) *error = read.error;
        return false;
    }
    hs::model::HopsanImportOptions opt;
    opt.partial = partial;
    const hs::model::HopsanImport imp = hs::model::importHopsan(*read.model, opt);
    if (report) {
        report->clear();
        for (const QString& u : imp.unsupported) *report << tr("unsupported: %1").arg(u);
        for (const QString& e : imp.errors) *report << tr("not mapped: %1").arg(e);
        for (const QString& n : imp.notes) *report << tr("note: %1").arg(n);
    }
    if (!imp.circuit) {
        if (error)
            *error = tr("%1 has %2 component type(s) and %3 parameter(s) or connection(s) HydroStiff cannot map:\n%4")
                         .arg(QFileInfo(path).fileName()).arg(imp.unsupported.size()).arg(imp.errors.size())
                         .arg((imp.unsupported + imp.errors).join('\n'));
        return false;
    }
    const QStringList invalid = hs::model::validateCircuit(*imp.circuit, ctx_.registry);
    if (!invalid.isEmpty()) {
        if (error) *error = invalid.join('\n');
        return false;
    }
    untitledName_ = QFileInfo(path).completeBaseName() + QStringLiteral(".hydro.json");
    replaceCircuit(*imp.circuit, {});
    statusBar()->showMessage(tr("Imported %1 from Hopsan: %2 components").arg(QFileInfo(path).fileName())
                                 .arg(imp.circuit->components.size()), 6000);
    return true;
}

void MainWindow::importHopsanDialog() {
    if (!maybeSave()) return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Hopsan model"), ctx_.settings.lastDirectory(),
                                                      tr("Hopsan models (*.hmf);;All files (*)"));
    if (path.isEmpty()) return;
    QString err;
    QStringList report;
    if (importHopsan(path, false, &err, &report)) return;
    const bool mappable = !report.isEmpty() && hs::model::loadHopsanModel(path).model.has_value();
    if (!mappable) {
        QMessageBox::critical(this, tr("Cannot import Hopsan model"), err);
        return;
    }
    const auto b = QMessageBox::question(this, tr("Import Hopsan model"),
                                         err + tr("\n\nImport the rest, leaving these out?"),
                                         QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
    if (b != QMessageBox::Yes) return;
    if (!importHopsan(path, true, &err, &report)) QMessageBox::critical(this, tr("Cannot import Hopsan model"), err);
}

}  // namespace hs::gui
