// SPDX-License-Identifier: GPL-3.0-or-later
// A Hopsan model file (*.hmf, XML, hmfversion 0.4) as read, before any mapping to our types:
// the top-level system's components, parameters, connections and simulation time. Read with
// QXmlStreamReader; a malformed file gives an error naming the line and column, never a crash.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace hs::model {

struct HopsanParameter {
    QString name;   // normalised: "Kc", "P1#Pressure" (the file may write "Kc::Value", "Kc#Value")
    QString value;  // as written: a number, a system parameter name or an expression
    QString unit;
};

struct HopsanComponent {
    QString name, typeName;
    std::vector<HopsanParameter> parameters;
    double x = 0, y = 0, angle = 0;  // GUI pose (scene units, degrees)
    bool flipped = false;
    const HopsanParameter* parameter(const QString& name) const;
};

struct HopsanConnection {
    QString startComponent, startPort, endComponent, endPort;
};

struct HopsanModel {
    QString name;
    double start = 0, stop = 1, timestep = 1e-3;
    int logSamples = 0;  // simulationlogsettings numsamples (0 = not given)
    std::vector<HopsanParameter> systemParameters;
    std::vector<HopsanComponent> components;
    std::vector<HopsanConnection> connections;
    QStringList subsystems;     // nested systems by name: not flattened
    QStringList systemPorts;    // ports of the top-level system (HopsanGUIContainerPort)
    int guiOnlyObjects = 0;     // text boxes and other widgets without a model
    const HopsanComponent* component(const QString& name) const;
};

struct HopsanReadResult {
    std::optional<HopsanModel> model;
    QString error;  // set when model is empty: what is wrong and where (line:column)
};

HopsanReadResult readHopsanModel(const QByteArray& xml);
HopsanReadResult loadHopsanModel(const QString& path);

}  // namespace hs::model
