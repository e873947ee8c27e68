// hydrostiff: the desktop editor.
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>

#include "gui_settings.h"
#include "main_window.h"
#include "sim/registry.h"

namespace {

// The examples folder: next to an installed binary, else the source tree this was built from.
QString examplesDir() {
    const QDir app(QCoreApplication::applicationDirPath());
    for (const QString& rel : {"examples", "../share/hydrostiff/examples", "../../examples"})
        if (QDir d(app.filePath(rel)); d.exists()) return d.absolutePath();
    return QStringLiteral(HS_SOURCE_EXAMPLES);
}

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName("HydroStiff");
    QApplication::setOrganizationName("HydroStiff");
    QApplication::setApplicationVersion(HS_VERSION);
    QCommandLineParser cli;
    cli.setApplicationDescription("HydroStiff schematic editor for stiff fluid-power circuits");
    cli.addHelpOption();
    cli.addVersionOption();
    cli.addPositionalArgument("file", "circuit to open (*.hydro.json)");
    cli.process(app);

    const hs::sim::Registry registry = hs::sim::Registry::builtin();
    QSettings qs;
    hs::gui::GuiSettings settings(qs);
    hs::gui::MainWindow w({registry, settings, examplesDir(),
                           QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)});
    w.show();
    if (!cli.positionalArguments().isEmpty()) {
        QString err;
        if (!w.openFile(cli.positionalArguments().front(), &err)) QMessageBox::critical(&w, "Cannot open circuit", err);
    } else {
        QTimer::singleShot(0, &w, &hs::gui::MainWindow::offerRecovery);
    }
    return app.exec();
}
