// SPDX-License-Identifier: GPL-3.0-or-later
#include "set_parameter_command.h"

#include "model/circuit_document.h"

namespace hs::widgets {

SetParameterCommand::SetParameterCommand(hs::model::CircuitDocument* doc, QString comp, QString param,
                                         QVariant value, QUndoCommand* parent)
    : QUndoCommand(parent), doc_(doc), comp_(std::move(comp)), param_(std::move(param)), after_(std::move(value)) {
    setText(QObject::tr("Set %1.%2").arg(comp_, param_));
    if (const auto* c = doc_->component(comp_)) {
        auto n = c->num.find(param_);
        auto t = c->text.find(param_);
        if (n != c->num.end()) before_ = n->second;
        else if (t != c->text.end()) before_ = t->second;
    }
    text_ = after_.typeId() == QMetaType::QString || before_.typeId() == QMetaType::QString;
}

void SetParameterCommand::apply(const QVariant& v) {
    if (text_) doc_->setText(comp_, param_, v.isValid() ? std::optional<QString>(v.toString()) : std::nullopt);
    else doc_->setNumber(comp_, param_, v.isValid() ? std::optional<double>(v.toDouble()) : std::nullopt);
}

void SetParameterCommand::redo() { apply(after_); }
void SetParameterCommand::undo() { apply(before_); }

bool SetParameterCommand::mergeWith(const QUndoCommand* other) {
    const auto* o = static_cast<const SetParameterCommand*>(other);
    if (o->doc_ != doc_ || o->comp_ != comp_ || o->param_ != param_) return false;
    after_ = o->after_;
    return true;
}

}  // namespace hs::widgets
