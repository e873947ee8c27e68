// SPDX-License-Identifier: GPL-3.0-or-later
// File-format migrations. Every format change gets one step function that turns a document of
// format N into format N+1 (renamed keys, changed units, restructured objects), so that a file
// of any older format is brought up to kCurrentFormat before it is read. The reader never looks
// at old layouts itself.
#pragma once

#include <QJsonObject>
#include <QString>

namespace hs::model {

// Checks the "format" of a parsed document. Returns "" when it can be read (after migration),
// else a message for "$.format" (missing, not an integer, older than 1, newer than this build).
QString checkFormat(const QJsonObject& root, int* format);

// Brings root from format `from` (1 <= from <= kCurrentFormat) up to kCurrentFormat, one step
// per version, and sets root["format"] accordingly.
void migrate(QJsonObject& root, int from);

}  // namespace hs::model
