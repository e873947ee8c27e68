// SPDX-License-Identifier: GPL-3.0-or-later
// The many-run dialogs from the command line (demos, screenshots): `hydrostiff FILE --sweep
// COMP.PAR=lo:hi:count[:log] [--sweep ...] [--sweep-config NAME] [--sweep-lhs N --sweep-seed S]` opens
// Simulation > Parameter Sweep with those rows and runs it; `--advise PERCENT [--advise-probes p1,x]
// [--advise-budget S] [--advise-depth D]` opens Find the Fastest Configuration and starts it. With
// --screenshot PNG the dialog is saved when it has finished, with --quit the program then ends.
#pragma once

#include <QString>

class QCommandLineParser;

namespace hs::sim {
class Registry;
}

namespace hs::gui {

class MainWindow;

void addStudyOptions(QCommandLineParser& p);
// Whether --sweep or --advise was given.
bool studyRequested(const QCommandLineParser& p);
// Opens the dialog asked for and starts it; "" or why not (bad option value, a range the dialog
// cannot take, the circuit has no reference ...).
QString startStudy(const QCommandLineParser& p, MainWindow& w, const hs::sim::Registry& reg);

}  // namespace hs::gui
