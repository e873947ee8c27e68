// SPDX-License-Identifier: GPL-3.0-or-later
#include "property_editor.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QTextBrowser>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <memory>

#include "circuit_scene.h"
#include "commands/rename_component_command.h"
#include "component_item.h"
#include "commands/set_parameter_command.h"
#include "method_panel.h"
#include "model/circuit_document.h"
#include "quantity_edit.h"
#include "sim/component.h"
#include "sim/registry.h"
#include "units.h"

namespace hs::widgets {

namespace {

QString esc(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }

QString helpHtml(const hs::sim::ComponentSpec& s) {
    QString h = "<h3>" + esc(s.title) + "</h3><p>" + esc(s.description) + "</p><p><b>Ports</b><br>";
    for (const auto& p : s.ports)
        h += QString("%1 &mdash; %2 %3%4<br>")
                 .arg(esc(p.id), QString::fromLatin1(hs::sim::domainName(p.domain)),
                      p.dir == hs::sim::SignalDir::In ? "input" : p.dir == hs::sim::SignalDir::Out ? "output" : "",
                      (p.optional ? " (optional)" : "") + QString(": ") + esc(p.description));
    h += "</p><p><b>Equations</b></p><p style='white-space:pre-wrap; font-family:monospace'>" + esc(s.equations) + "</p>";
    if (!s.states.empty()) {
        h += "<p><b>States</b><br>";
        for (const auto& st : s.states) h += esc(st.name) + " [" + esc(st.unit) + "]: " + esc(st.description) + "<br>";
        h += "</p>";
    }
    h += "<p><small>Source: " + esc(s.source) + "</small></p>";
    return h;
}

}  // namespace

PropertyEditor::PropertyEditor(CircuitScene& scene, QWidget* parent)
    : QWidget(parent), scene_(scene), form_(new QWidget(this)), formLayout_(new QFormLayout(form_)),
      title_(new QLabel(this)), message_(new QLabel(this)), methods_(new MethodPanel(scene, this)),
      help_(new QTextBrowser(this)) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(4, 4, 4, 4);
    title_->setTextFormat(Qt::RichText);
    lay->addWidget(title_);
    formLayout_->setContentsMargins(0, 0, 0, 0);
    formLayout_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    lay->addWidget(form_);
    message_->setWordWrap(true);
    message_->setObjectName("propertyMessage");
    message_->hide();
    lay->addWidget(message_);
    auto* box = new QGroupBox(tr("Pressure method"), this);
    auto* boxLay = new QVBoxLayout(box);
    boxLay->addWidget(methods_);
    methods_->setParent(box);
    lay->addWidget(box);
    box->setObjectName("methodBox");
    help_->setOpenExternalLinks(false);
    help_->setMinimumHeight(120);
    lay->addWidget(help_, 1);
    connect(&scene_.document(), &hs::model::CircuitDocument::componentChanged, this, [this](const QString& id) {
        if (id == id_) refreshValues();
    });
    connect(&scene_.document(), &hs::model::CircuitDocument::reset, this, [this] {
        showComponent(scene_.document().component(id_) ? id_ : QString());
    });
    showComponent({});
}

void PropertyEditor::showMessage(const QString& text, bool error) {
    message_->setText(text);
    message_->setStyleSheet(error ? "color:#b00020" : "color:#2e7d32");
    message_->setVisible(!text.isEmpty());
}

void PropertyEditor::showComponent(const QString& id) {
    id_ = id;
    showMessage({}, false);
    build();
}

void PropertyEditor::build() {
    while (formLayout_->rowCount() > 0) formLayout_->removeRow(0);
    idEdit_ = nullptr;
    const auto* comp = scene_.document().component(id_);
    const auto* spec = comp ? scene_.registry().find(comp->type.toStdString()) : nullptr;
    auto* methodBox = findChild<QWidget*>("methodBox");
    if (!spec) {
        title_->setText(tr("<i>Select a component to edit it. Drag components from the library; drag from a port "
                           "to another port to wire them.</i>"));
        title_->setWordWrap(true);
        methodBox->hide();
        help_->clear();
        help_->hide();
        return;
    }
    help_->show();
    title_->setText("<b>" + QString::fromStdString(spec->title).toHtmlEscaped() + "</b> <small>(" + comp->type + ")</small>");
    idEdit_ = new QLineEdit(comp->id, form_);
    idEdit_->setObjectName("componentId");
    idEdit_->setToolTip(tr("Unique id: no dots or spaces; wires and probes refer to it"));
    connect(idEdit_, &QLineEdit::editingFinished, this, &PropertyEditor::rename);
    formLayout_->addRow(tr("Id"), idEdit_);
    for (const auto& p : spec->params) {
        const QString name = QString::fromStdString(p.name);
        auto* label = new QLabel(name, form_);
        QString tip = QString::fromStdString(p.description);
        if (!p.unit.empty() && p.unit != "-") tip += " [" + QString::fromStdString(p.unit) + "]";
        label->setToolTip(tip);
        QWidget* editor = nullptr;
        if (p.kind == hs::sim::ParamKind::Choice) {
            auto* box = new QComboBox(form_);
            box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
            box->setMinimumContentsLength(8);
            for (const auto& c : p.choices) box->addItem(QString::fromStdString(c));
            connect(box, &QComboBox::activated, this, [this, name, box](int) {
                scene_.undoStack().push(new SetParameterCommand(&scene_.document(), id_, name, box->currentText()));
            });
            editor = box;
        } else if (p.kind == hs::sim::ParamKind::Text) {
            auto* e = new QLineEdit(form_);
            e->setPlaceholderText(QString::fromStdString(p.textDef));
            connect(e, &QLineEdit::editingFinished, this, [this, name, e] {
                const auto* c = scene_.document().component(id_);
                auto it = c ? c->text.find(name) : std::map<QString, QString>::const_iterator();
                const QString now = c && it != c->text.end() ? it->second : QString();
                if (e->text() == now) return;
                scene_.undoStack().push(new SetParameterCommand(&scene_.document(), id_, name,
                                                                e->text().isEmpty() ? QVariant() : QVariant(e->text())));
            });
            editor = e;
        } else {
            auto* e = new QuantityEdit(form_);
            e->setQuantity(QString::fromStdString(p.unit), p.min, p.max, p.def);
            // What the component itself refuses (a volume of 0 m3 is inside the spec's bounds
            // but does not compile) is refused here, not later by the guidance or the run.
            e->setCheck([this, name](double v) { return componentRefuses(name, v); });
            connect(e, &QuantityEdit::committed, this, [this, name](const QVariant& v) {
                showMessage({}, false);
                scene_.undoStack().push(new SetParameterCommand(&scene_.document(), id_, name, v));
            });
            connect(e, &QuantityEdit::failed, this, [this, name](const QString& why) { showMessage(name + ": " + why, true); });
            // Fixed, cleared back to the default or retyped unchanged: the red message goes.
            connect(e, &QuantityEdit::accepted, this, [this, name] {
                if (message_->text().startsWith(name + ": ")) showMessage({}, false);
            });
            editor = e;
        }
        editor->setObjectName("param_" + name);
        editor->setToolTip(tip + (editor->toolTip().isEmpty() ? QString() : "\n" + editor->toolTip()));
        formLayout_->addRow(label, editor);
    }
    refreshValues();
    const bool volume = spec->hostsPressureMethod;
    methodBox->setVisible(volume);
    if (volume) methods_->setVolume(comp->id);
    help_->setHtml(helpHtml(*spec));
}

QString PropertyEditor::componentRefuses(const QString& param, double value) const {
    const auto* comp = scene_.document().component(id_);
    const auto* spec = comp ? scene_.registry().find(comp->type.toStdString()) : nullptr;
    if (!spec || !spec->create) return {};
    // The component's own configure(), with the parameters as the builder passes them.
    auto configure = [&](bool withValue) -> std::string {
        hs::sim::ParamSet ps(spec);
        for (const auto& [k, v] : comp->num)
            if (const int i = spec->paramIndex(k.toStdString()); i >= 0) ps.values()[size_t(i)] = v;
        for (const auto& [k, v] : comp->text) {
            const int i = spec->paramIndex(k.toStdString());
            if (i < 0) continue;
            const auto& p = spec->params[size_t(i)];
            if (p.kind == hs::sim::ParamKind::Choice) {
                const auto it = std::find(p.choices.begin(), p.choices.end(), v.toStdString());
                if (it != p.choices.end()) ps.values()[size_t(i)] = static_cast<double>(it - p.choices.begin());
            } else if (p.kind == hs::sim::ParamKind::Text) {
                ps.texts()[size_t(i)] = v.toStdString();
            }
        }
        if (withValue)
            if (const int i = spec->paramIndex(param.toStdString()); i >= 0) ps.values()[size_t(i)] = value;
        std::unique_ptr<hs::sim::Component> c(spec->create());
        return c->configure(ps, scene_.document().circuit().fluid);
    };
    const std::string now = configure(true);
    // Only what this value causes: a problem the component already has is not this field's.
    if (now.empty() || now == configure(false)) return {};
    return QString::fromStdString(now);
}

void PropertyEditor::refreshValues() {
    const auto* comp = scene_.document().component(id_);
    const auto* spec = comp ? scene_.registry().find(comp->type.toStdString()) : nullptr;
    if (!spec) return;
    if (idEdit_ && !idEdit_->hasFocus()) idEdit_->setText(comp->id);
    for (const auto& p : spec->params) {
        const QString name = QString::fromStdString(p.name);
        QWidget* w = form_->findChild<QWidget*>("param_" + name);
        if (!w || w->hasFocus()) continue;
        if (auto* e = qobject_cast<QuantityEdit*>(w)) {
            auto it = comp->num.find(name);
            e->setValue(it == comp->num.end() ? std::nullopt : std::optional<double>(it->second));
        } else if (auto* box = qobject_cast<QComboBox*>(w)) {
            auto it = comp->text.find(name);
            box->setCurrentIndex(it == comp->text.end() ? static_cast<int>(p.def) : box->findText(it->second));
        } else if (auto* le = qobject_cast<QLineEdit*>(w)) {
            auto it = comp->text.find(name);
            le->setText(it == comp->text.end() ? QString() : it->second);
        }
    }
}

void PropertyEditor::rename() {
    if (!idEdit_) return;
    const QString to = idEdit_->text().trimmed();
    if (to == id_) return;
    static const QRegularExpression bad(R"([.\s])");
    QString why;
    if (to.isEmpty()) why = tr("an id cannot be empty");
    else if (to.contains(bad)) why = tr("'%1' contains a dot or white space").arg(to);
    else if (scene_.document().component(to)) why = tr("'%1' is already used by another component").arg(to);
    if (!why.isEmpty()) {
        showMessage(tr("Id not changed: %1").arg(why), true);
        idEdit_->setText(id_);
        return;
    }
    const QString from = id_;
    id_ = to;  // the document resets the views on rename; keep showing this component
    scene_.undoStack().push(new RenameComponentCommand(&scene_.document(), from, to));
    // The rename rebuilt the canvas: keep the renamed component selected and shown here.
    if (auto* it = scene_.componentItem(to)) it->setSelected(true);
}

}  // namespace hs::widgets
