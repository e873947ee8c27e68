// SPDX-License-Identifier: GPL-3.0-or-later
#include "configuration_editor.h"

#include <functional>

#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

#include "circuit_scene.h"
#include "sim/settings_check.h"
#include "sim/stepper.h"
#include "commands/configs_command.h"
#include "method_params_form.h"
#include "narx_model_choice.h"
#include "model/circuit_document.h"
#include "quantity_edit.h"
#include "sim/registry.h"

namespace hs::widgets {

namespace {

// A table as tall as its rows (at most maxRows, then it scrolls), so that a short list leaves
// no empty block in the dock.
void fitHeight(QTableWidget* t, int maxRows) {
    int h = t->horizontalHeader()->height() + 2 * t->frameWidth();
    for (int r = 0; r < std::min(t->rowCount(), maxRows); ++r) h += t->rowHeight(r);
    if (t->rowCount() == 0) h += t->verticalHeader()->defaultSectionSize();
    t->setFixedHeight(h);
}

void compactRows(QTableWidget* t) {
    t->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 14);
}

// A table of one row per name (column 0, read-only) and an editor widget in column 1. The rows
// are rebuilt only when the names change, so an editor being used keeps its focus across edits.
// Returns whether they were rebuilt.
bool syncNameRows(QTableWidget* t, const QStringList& names, const std::function<QWidget*(const QString&)>& makeEditor) {
    QStringList shown;
    for (int r = 0; r < t->rowCount(); ++r) shown << t->item(r, 0)->text();
    if (shown == names) return false;
    t->setRowCount(0);
    for (const QString& n : names) {
        const int r = t->rowCount();
        t->insertRow(r);
        auto* name = new QTableWidgetItem(n);
        name->setFlags(Qt::ItemIsEnabled);
        t->setItem(r, 0, name);
        t->setCellWidget(r, 1, makeEditor(n));
    }
    return true;
}

bool hostsPressureMethod(const hs::sim::Registry& reg, const QString& type) {
    const hs::sim::ComponentSpec* spec = reg.find(type.toStdString());
    return spec && spec->hostsPressureMethod;
}

}  // namespace

QString stepperToolTip(const hs::sim::StepperSpec& s) {
    return QString::fromStdString(s.label) + " (" + (s.adaptive ? QObject::tr("adaptive") : QObject::tr("fixed step")) +
           (s.implicit ? QObject::tr(", implicit") : QString()) + "): " + QString::fromStdString(s.description);
}

ConfigurationEditor::ConfigurationEditor(CircuitScene& scene, QWidget* parent)
    : QWidget(parent), scene_(scene), list_(new QListWidget(this)), add_(new QPushButton(tr("Add"), this)),
      dup_(new QPushButton(tr("Duplicate"), this)), del_(new QPushButton(tr("Delete"), this)),
      ref_(new QPushButton(tr("Reference"), this)), allTlm_(new QPushButton(tr("All volumes TLM"), this)),
      description_(new QLineEdit(this)), stepper_(new QComboBox(this)), jacobian_(new QComboBox(this)),
      kernel_(new QComboBox(this)),
      dt_(new QuantityEdit(this)), rtol_(new QuantityEdit(this)), atol_(new QuantityEdit(this)),
      maxStep_(new QuantityEdit(this)), defaultMethod_(new QComboBox(this)),
      defaultParams_(new MethodParamsForm(QStringLiteral("dparam_"), this)), methods_(new QTableWidget(this)),
      threads_(new QSpinBox(this)), threadsNote_(new QLabel(this)), partition_(new QTableWidget(this)),
      partitionMsg_(new QLabel(this)) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(4, 4, 4, 4);
    list_->setMaximumHeight(110);
    list_->setToolTip(tr("Double-click a name to rename it. The reference (bold) is what the others are compared with."));
    lay->addWidget(list_);
    // Two rows, so that the dock can stay narrow without clipping a button.
    auto* buttons = new QGridLayout;
    buttons->addWidget(add_, 0, 0);
    buttons->addWidget(dup_, 0, 1);
    buttons->addWidget(del_, 0, 2);
    buttons->addWidget(ref_, 1, 0);
    buttons->addWidget(allTlm_, 1, 1, 1, 2);
    ref_->setToolTip(tr("Mark the selected configuration as the reference"));
    lay->addLayout(buttons);
    allTlm_->setObjectName("allVolumesTlm");
    add_->setObjectName("addConfig");
    dup_->setObjectName("duplicateConfig");
    del_->setObjectName("deleteConfig");
    ref_->setObjectName("referenceConfig");
    list_->setObjectName("configList");
    description_->setObjectName("configDescription");
    stepper_->setObjectName("stepperCombo");
    dt_->setObjectName("configStep");
    allTlm_->setToolTip(tr("Adds the configuration \"TLM (all volumes)\": stepper rk4, the selected configuration's step "
                           "(1e-4 s if it is adaptive), default method tlm for every volume (Hopsan style)"));
    auto* form = new QFormLayout;
    form->addRow(tr("Description"), description_);
    // One item per declared stepper: text and data its name, tooltip its label and description.
    for (const hs::sim::StepperSpec& s : scene_.registry().steppers()) {
        const QString name = QString::fromStdString(s.name);
        stepper_->addItem(name, name);
        stepper_->setItemData(stepper_->count() - 1, stepperToolTip(s), Qt::ToolTipRole);
    }
    form->addRow(tr("Stepper"), stepper_);
    dt_->setQuantity("s", 1e-15, inf);
    rtol_->setQuantity("-", 1e-16, 1);
    atol_->setQuantity("-", 1e-16, inf);
    maxStep_->setQuantity("s", 0, inf);
    form->addRow(tr("Step / initial step"), dt_);
    form->addRow(tr("Rel. tolerance"), rtol_);
    form->addRow(tr("Abs. tolerance"), atol_);
    form->addRow(tr("Max. step (0: none)"), maxStep_);
    // The values the engine accepts (sim/netlist.h, SolverSettings::jacobian and ::kernel); ""
    // leaves the key out of the file.
    jacobian_->setObjectName("jacobianCombo");
    jacobian_->addItem(tr("stepper's default"), QString());
    jacobian_->addItem(tr("analytic"), QStringLiteral("analytic"));
    jacobian_->addItem(tr("finite differences"), QStringLiteral("differences"));
    jacobian_->setToolTip(tr("The implicit steppers' Jacobian (file key \"jacobian\"): the components' declared partial "
                             "derivatives, or coloured finite differences. Default: analytic for rosw3, differences for "
                             "the Newton-based steppers and CVODE (docs/performance.md §10)."));
    form->addRow(tr("Jacobian"), jacobian_);
    kernel_->setObjectName("kernelCombo");
    kernel_->addItem(tr("interpreted"), QString());
    kernel_->addItem(tr("generated (compiled C++)"), QStringLiteral("generated"));
    kernel_->setToolTip(tr("The right-hand side (file key \"kernel\"): generated compiles the circuit into C++ before the "
                           "run (rk4 on plain integrated volumes; otherwise the run is interpreted and says why; the "
                           "compile time is not counted in the run's times; docs/running.md)."));
    form->addRow(tr("Right-hand side"), kernel_);
    lay->addLayout(form);

    // Pressure methods: the default for every volume without its own entry, then the overrides.
    auto* methodsBox = new QGroupBox(tr("Pressure methods"), this);
    auto* ml = new QVBoxLayout(methodsBox);
    auto* defaultLabel = new QLabel(tr("Default method for other volumes:"), methodsBox);
    defaultLabel->setBuddy(defaultMethod_);
    ml->addWidget(defaultLabel);
    defaultMethod_->setObjectName("defaultMethodCombo");
    defaultMethod_->setToolTip(tr("The pressure method of every volume not given its own method below (file key "
                                  "\"default_method\"). With tlm every such volume is a TLM element: the Hopsan-style "
                                  "configuration, explicit at any step, and cut points for parallel partitions."));
    defaultMethod_->addItem(tr("(integrate — none)"), QString());
    fillMethodCombo(defaultMethod_, scene_.registry());
    // "(integrate — none)" stands for integrate: it has no parameters, an explicit entry would
    // only differ in the file.
    if (int k = defaultMethod_->findData(QStringLiteral("integrate")); k > 0) defaultMethod_->removeItem(k);
    ml->addWidget(defaultMethod_);
    defaultParams_->form()->setContentsMargins(12, 0, 0, 0);
    ml->addWidget(defaultParams_);
    auto* perVolume = new QLabel(tr("Per volume (\"default\": follows the method above):"), methodsBox);
    perVolume->setWordWrap(true);
    ml->addWidget(perVolume);
    methods_->setObjectName("volumeMethods");
    methods_->setColumnCount(2);
    methods_->setHorizontalHeaderLabels({tr("Volume"), tr("Method")});
    methods_->horizontalHeader()->setStretchLastSection(true);
    methods_->verticalHeader()->hide();
    compactRows(methods_);
    ml->addWidget(methods_);
    lay->addWidget(methodsBox);

    // Parallel partitions, cut at TLM volumes.
    auto* parBox = new QGroupBox(tr("Parallel partitions"), this);
    auto* pl = new QVBoxLayout(parBox);
    auto* pform = new QFormLayout;
    threads_->setObjectName("threadsSpin");
    threads_->setRange(1, 64);
    threads_->setKeyboardTracking(false);
    threads_->setToolTip(tr("Parallel partitions cut at TLM volumes (file key \"threads\"), stepped on this many "
                            "threads; results are identical to one thread. Only for the %1 steppers and "
                            "with the integrate and tlm methods.")
                             .arg(QString::fromStdString(scene_.registry().stepperList(
                                 [](const hs::sim::StepperSpec& x) { return x.supportsPartitions; }, " and "))));
    pform->addRow(tr("Threads"), threads_);
    pl->addLayout(pform);
    threadsNote_->setObjectName("threadsNote");
    threadsNote_->setWordWrap(true);
    threadsNote_->hide();
    pl->addWidget(threadsNote_);
    auto* byHand = new QLabel(tr("Partition by hand (\"auto\": balanced automatically):"), parBox);
    byHand->setWordWrap(true);
    pl->addWidget(byHand);
    partition_->setObjectName("partitionTable");
    partition_->setColumnCount(2);
    partition_->setHorizontalHeaderLabels({tr("Component"), tr("Partition")});
    partition_->horizontalHeader()->setStretchLastSection(true);
    partition_->verticalHeader()->hide();
    compactRows(partition_);
    partition_->setToolTip(tr("Components assigned to a partition (0 .. threads-1) by hand (file key \"partition\"); "
                              "components coupled other than through a TLM volume must share a partition"));
    pl->addWidget(partition_);
    partitionMsg_->setObjectName("partitionMessage");
    partitionMsg_->setWordWrap(true);
    partitionMsg_->setStyleSheet("color:#c0392b");
    partitionMsg_->hide();
    pl->addWidget(partitionMsg_);
    lay->addWidget(parBox);
    lay->addStretch(1);
    // Long items (method titles) must not widen the dock past its width: the combos elide.
    for (QComboBox* b : {stepper_, defaultMethod_}) {
        b->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        b->setMinimumContentsLength(8);
    }

    connect(add_, &QPushButton::clicked, this, &ConfigurationEditor::addConfig);
    connect(dup_, &QPushButton::clicked, this, &ConfigurationEditor::duplicateConfig);
    connect(del_, &QPushButton::clicked, this, &ConfigurationEditor::deleteConfig);
    connect(ref_, &QPushButton::clicked, this, &ConfigurationEditor::markReference);
    connect(allTlm_, &QPushButton::clicked, this, &ConfigurationEditor::addAllVolumesTlm);
    connect(list_, &QListWidget::currentRowChanged, this, [this] {
        if (updating_) return;
        showDetails();
        if (int i = current(); i >= 0) {
            selectedName_ = scene_.document().circuit().configs[size_t(i)].name;
            scene_.setCurrentConfig(selectedName_);
        }
    });
    connect(list_, &QListWidget::itemChanged, this, [this](QListWidgetItem* it) {
        if (updating_) return;
        const int i = list_->row(it);
        const QString name = it->text().trimmed();
        const auto& cfgs = scene_.document().circuit().configs;
        if (name.isEmpty() || scene_.document().circuit().config(name)) {
            refresh();  // empty or duplicate names are not allowed: the file format needs them unique
            return;
        }
        const QString old = cfgs[size_t(i)].name;
        // refresh() keeps the row and points the canvas at the new name.
        edit(tr("Rename configuration %1 to %2").arg(old, name), [&](auto& v) { v[size_t(i)].name = name; });
    });
    connect(description_, &QLineEdit::editingFinished, this, [this] {
        const int i = current();
        if (i < 0 || description_->text() == scene_.document().circuit().configs[size_t(i)].description) return;
        edit(about(i, tr("description")), [&](auto& v) { v[size_t(i)].description = description_->text(); });
    });
    connect(stepper_, &QComboBox::activated, this, [this] {
        const int i = current();
        if (i >= 0) edit(about(i, tr("stepper %1").arg(stepper_->currentText())), [&](auto& v) { v[size_t(i)].stepper = stepper_->currentText(); });
    });
    auto choice = [this](QComboBox* box, QString hs::model::SolverConfigDoc::*member, const QString& what) {
        connect(box, &QComboBox::activated, this, [this, box, member, what] {
            const int i = current();
            const QString value = box->currentData().toString();
            if (i < 0 || scene_.document().circuit().configs[size_t(i)].*member == value) return;
            edit(about(i, what + ' ' + box->currentText()), [&](auto& v) { v[size_t(i)].*member = value; });
        });
    };
    choice(jacobian_, &hs::model::SolverConfigDoc::jacobian, tr("jacobian"));
    choice(kernel_, &hs::model::SolverConfigDoc::kernel, tr("right-hand side"));
    auto numeric = [this](QuantityEdit* e, double hs::model::SolverConfigDoc::*member, const QString& what) {
        connect(e, &QuantityEdit::committed, this, [this, e, member, what](const QVariant& value) {
            const int i = current();
            if (i < 0 || !value.isValid()) return;
            edit(about(i, what + ' ' + e->text()), [&](auto& v) { v[size_t(i)].*member = value.toDouble(); },
                 "cfg/" + QString::number(i) + '/' + what);
        });
    };
    numeric(dt_, &hs::model::SolverConfigDoc::dt, tr("step"));
    numeric(rtol_, &hs::model::SolverConfigDoc::rtol, tr("rtol"));
    numeric(atol_, &hs::model::SolverConfigDoc::atol, tr("atol"));
    numeric(maxStep_, &hs::model::SolverConfigDoc::maxStep, tr("max step"));
    connect(defaultMethod_, &QComboBox::activated, this, [this] {
        const int i = current();
        if (i < 0) return;
        const QString m = defaultMethod_->currentData().toString();
        edit(about(i, tr("default method %1").arg(m.isEmpty() ? QStringLiteral("integrate") : m)), [&](auto& v) {
            auto& cfg = v[size_t(i)];
            if (m.isEmpty()) cfg.defaultMethod.reset();
            else if (!cfg.defaultMethod || cfg.defaultMethod->method != m) cfg.defaultMethod = hs::model::MethodDoc{m, {}, {}};
        });
    });
    connect(defaultParams_, &MethodParamsForm::paramChanged, this, [this](const QString& name, const QVariant& value) {
        const int i = current();
        if (i < 0 || updating_) return;
        edit(about(i, tr("default method %1 = %2").arg(name, value.isValid() ? QString::number(value.toDouble(), 'g', 6) : tr("default"))), [&](auto& v) {
            auto& cfg = v[size_t(i)];
            if (!cfg.defaultMethod) return;
            if (value.isValid()) cfg.defaultMethod->params[name] = value.toDouble();
            else cfg.defaultMethod->params.erase(name);
        }, "cfg/" + QString::number(i) + "/default/" + name);
    });
    connect(threads_, &QSpinBox::valueChanged, this, [this](int n) {
        const int i = current();
        if (i < 0 || updating_) return;
        edit(about(i, tr("threads %1").arg(n)), [&](auto& v) {
            auto& cfg = v[size_t(i)];
            cfg.threads = n;
            // One thread: nothing to assign; the entries would only make the file invalid.
            if (n == 1) cfg.partition.clear();
        }, "cfg/" + QString::number(i) + "/threads");
    });
    connect(&scene_.document(), &hs::model::CircuitDocument::configsChanged, this, &ConfigurationEditor::refresh);
    connect(&scene_.document(), &hs::model::CircuitDocument::reset, this, &ConfigurationEditor::refresh);
    connect(&scene_.document(), &hs::model::CircuitDocument::componentAdded, this, &ConfigurationEditor::showDetails);
    connect(&scene_.document(), &hs::model::CircuitDocument::componentRemoved, this, &ConfigurationEditor::showDetails);
    refresh();
}

int ConfigurationEditor::current() const {
    const int i = list_->currentRow();
    return i >= 0 && i < static_cast<int>(scene_.document().circuit().configs.size()) ? i : -1;
}

void ConfigurationEditor::edit(const QString& text, const std::function<void(std::vector<hs::model::SolverConfigDoc>&)>& f,
                               const QString& mergeKey) {
    auto v = scene_.document().circuit().configs;
    f(v);
    if (v == scene_.document().circuit().configs) return;
    scene_.undoStack().push(new ConfigsCommand(&scene_.document(), v, text, mergeKey));
}

QString ConfigurationEditor::about(int config, const QString& what) const {
    const auto& cfgs = scene_.document().circuit().configs;
    return config >= 0 && config < static_cast<int>(cfgs.size()) ? cfgs[size_t(config)].name + ": " + what : what;
}

QString ConfigurationEditor::uniqueName(const QString& base) const {
    if (!scene_.document().circuit().config(base)) return base;
    for (int n = 2;; ++n)
        if (!scene_.document().circuit().config(base + ' ' + QString::number(n))) return base + ' ' + QString::number(n);
}

void ConfigurationEditor::addConfig() {
    hs::model::SolverConfigDoc c;
    c.name = uniqueName(tr("RK4 1e-5"));
    c.reference = scene_.document().circuit().configs.empty();
    edit(tr("Add configuration %1").arg(c.name), [&](auto& v) { v.push_back(c); });
    list_->setCurrentRow(list_->count() - 1);
}

void ConfigurationEditor::addAllVolumesTlm() {
    const auto& cfgs = scene_.document().circuit().configs;
    const int i = current();
    hs::model::SolverConfigDoc c;
    c.name = uniqueName(tr("TLM (all volumes)"));
    c.description = tr("Every volume a TLM element (default_method tlm), as Hopsan does");
    c.stepper = QStringLiteral("rk4");
    // TLM needs a fixed step: keep the selected configuration's, else a step that suits most circuits.
    c.dt = i >= 0 && hs::sim::isFixedStepper(cfgs[size_t(i)].stepper.toStdString()) ? cfgs[size_t(i)].dt : 1e-4;
    c.defaultMethod = hs::model::MethodDoc{QStringLiteral("tlm"), {}, {}};
    c.reference = cfgs.empty();
    edit(tr("Add configuration %1").arg(c.name), [&](auto& v) { v.push_back(c); });
    list_->setCurrentRow(list_->count() - 1);
}

void ConfigurationEditor::duplicateConfig() {
    const int i = current();
    if (i < 0) return;
    auto c = scene_.document().circuit().configs[size_t(i)];
    c.name = uniqueName(c.name + tr(" copy"));
    c.reference = false;
    edit(tr("Duplicate configuration %1").arg(c.name), [&](auto& v) { v.insert(v.begin() + i + 1, c); });
    list_->setCurrentRow(i + 1);
}

void ConfigurationEditor::deleteConfig() {
    const int i = current();
    if (i < 0) return;
    edit(tr("Delete configuration %1").arg(scene_.document().circuit().configs[size_t(i)].name), [&](auto& v) {
        const bool wasRef = v[size_t(i)].reference;
        v.erase(v.begin() + i);
        // Exactly one reference must remain (file format): the first one takes over.
        if (wasRef && !v.empty()) v.front().reference = true;
    });
}

void ConfigurationEditor::markReference() {
    const int i = current();
    if (i < 0) return;
    edit(tr("Reference: %1").arg(scene_.document().circuit().configs[size_t(i)].name), [&](auto& v) {
        for (size_t k = 0; k < v.size(); ++k) v[k].reference = static_cast<int>(k) == i;
    });
}

void ConfigurationEditor::refresh() {
    updating_ = true;
    const int row = std::max(0, list_->currentRow());
    const auto& cfgs = scene_.document().circuit().configs;
    // The items are updated in place while their number stays: a rename arrives here from inside
    // the list's own commit of the name editor, and a list rebuilt (model reset) under an open
    // editor loses the current row (it fell back to the reference) and the editor.
    const bool sameCount = list_->count() == static_cast<int>(cfgs.size());
    if (!sameCount) {
        list_->clear();
        for (size_t k = 0; k < cfgs.size(); ++k) {
            auto* it = new QListWidgetItem(list_);
            it->setFlags(it->flags() | Qt::ItemIsEditable);
        }
    }
    for (int k = 0; k < list_->count(); ++k) {
        const auto& c = cfgs[size_t(k)];
        QListWidgetItem* it = list_->item(k);
        if (it->text() != c.name) it->setText(c.name);
        QFont f = it->font();
        if (f.bold() != c.reference) {
            f.setBold(c.reference);
            it->setFont(f);
        }
        if (it->toolTip() != c.description) it->setToolTip(c.description);
    }
    // The selection follows the canvas's configuration (the method panel can pick another one)
    // while the configuration selected here still exists. When it is gone and the count is the
    // same, it was renamed: the selection stays on its row. The canvas cannot be asked in that
    // case: a rename makes it fall back to the reference before this runs.
    const int n = list_->count();
    auto rowOf = [&](const QString& name) {
        for (int k = 0; k < n; ++k)
            if (list_->item(k)->text() == name) return k;
        return -1;
    };
    int sel = -1;
    if (!selectedName_.isEmpty() && rowOf(selectedName_) >= 0) {
        sel = rowOf(scene_.currentConfig());
        if (sel < 0) sel = rowOf(selectedName_);
    } else if (sameCount && list_->currentRow() >= 0) {
        sel = list_->currentRow();
    } else {
        sel = rowOf(scene_.currentConfig());
    }
    if (sel < 0) sel = std::min(row, n - 1);
    if (list_->currentRow() != sel) list_->setCurrentRow(sel);
    selectedName_ = sel >= 0 ? cfgs[size_t(sel)].name : QString();
    updating_ = false;
    // The canvas shows the selected configuration (also after an undone rename or a delete).
    if (sel >= 0 && scene_.currentConfig() != cfgs[size_t(sel)].name) scene_.setCurrentConfig(cfgs[size_t(sel)].name);
    showDetails();
}

void ConfigurationEditor::showDetails() {
    const int i = current();
    for (QWidget* w : std::initializer_list<QWidget*>{dup_, del_, ref_, description_, stepper_, dt_, rtol_, atol_, maxStep_,
                                                      jacobian_, kernel_, defaultMethod_, methods_, threads_})
        w->setEnabled(i >= 0);
    if (i < 0) {
        partition_->setRowCount(0);
        defaultParams_->build(nullptr, {});
        shownDefault_.clear();
        threadsNote_->hide();
        partitionMsg_->hide();
        partition_->setEnabled(false);
        return;
    }
    updating_ = true;
    const auto& c = scene_.document().circuit().configs[size_t(i)];
    if (!description_->hasFocus()) {
        description_->setText(c.description);
        description_->setCursorPosition(0);  // show the beginning of a long description
    }
    stepper_->setCurrentText(c.stepper);
    dt_->setValue(c.dt);
    rtol_->setValue(c.rtol);
    atol_->setValue(c.atol);
    maxStep_->setValue(c.maxStep);
    // What the stepper's spec says it uses (implicit fixed-step steppers: rtol/atol as Newton tolerances).
    const hs::sim::StepperSpec* spec = scene_.registry().findStepper(c.stepper.toStdString());
    rtol_->setEnabled(!spec || spec->usesTolerances);
    atol_->setEnabled(!spec || spec->usesTolerances);
    maxStep_->setEnabled(!spec || spec->usesMaxStep);
    jacobian_->setCurrentIndex(std::max(0, jacobian_->findData(c.jacobian)));
    jacobian_->setEnabled(!spec || spec->implicit);
    kernel_->setCurrentIndex(std::max(0, kernel_->findData(c.kernel == QLatin1String("interpreted") ? QString() : c.kernel)));
    showMethods(i);
    showParallel(i);
    updating_ = false;
}

void ConfigurationEditor::showMethods(int i) {
    const auto& c = scene_.document().circuit().configs[size_t(i)];
    const auto& reg = scene_.registry();
    defaultMethod_->setCurrentIndex(std::max(0, defaultMethod_->findData(c.defaultMethod ? c.defaultMethod->method : QString())));
    // The parameter form is rebuilt only when the configuration or its default method changes, so
    // a field being typed in keeps its focus.
    const QString key = QString::number(i) + '/' + (c.defaultMethod ? c.defaultMethod->method : QString());
    const std::map<QString, double> params = c.defaultMethod ? c.defaultMethod->params : std::map<QString, double>{};
    if (key != shownDefault_) {
        shownDefault_ = key;
        defaultParams_->build(c.defaultMethod ? reg.findMethod(c.defaultMethod->method.toStdString()) : nullptr, params);
    } else {
        defaultParams_->setValues(params);
    }
    defaultParams_->setVisible(defaultParams_->form()->rowCount() > 0);

    const QString def = defaultMethodId(&c);
    // Rows are rebuilt only when the volumes change, so a picker keeps its focus across edits.
    QStringList volumes;
    for (const auto& comp : scene_.document().circuit().components)
        if (hostsPressureMethod(reg, comp.type)) volumes << comp.id;
    syncNameRows(methods_, volumes, [&](const QString& vol) -> QWidget* {
        auto* box = new QComboBox(methods_);
        box->setObjectName("method_" + vol);
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(8);
        box->addItem(QString(), QString());  // "default: ...", set below
        box->setItemData(0, tr("No method of its own: follows the default method of the configuration"), Qt::ToolTipRole);
        fillMethodCombo(box, reg);
        connect(box, &QComboBox::activated, this, [this, vol, box] {
            const int cfg = current();
            if (cfg < 0) return;
            const QString m = box->currentData().toString();
            edit(about(cfg, tr("%1 %2").arg(vol, m.isEmpty() ? tr("default method") : m)), [&](auto& v) {
                auto& cf = v[size_t(cfg)];
                auto cur = cf.methods.find(vol);
                if (cur != cf.methods.end() && cur->second.method == m) return;
                // Without a default method an entry "integrate" means what no entry means: keep the file minimal.
                if (m.isEmpty() || (m == "integrate" && !cf.defaultMethod)) cf.methods.erase(vol);
                else cf.methods[vol] = pickedMethod(m, scene_.document().circuit(), vol);
            });
        });
        return box;
    });
    for (int r = 0; r < methods_->rowCount(); ++r) {
        QTableWidgetItem* name = methods_->item(r, 0);
        auto* box = static_cast<QComboBox*>(methods_->cellWidget(r, 1));
        const QString vol = name->text();
        box->setItemText(0, tr("default (%1)").arg(def));
        box->setItemIcon(0, box->itemIcon(box->findData(def)));
        auto it = c.methods.find(vol);
        const bool follows = it == c.methods.end();
        box->setCurrentIndex(follows ? 0 : std::max(0, box->findData(it->second.method)));
        markNarxEntry(box, scene_.document().circuit(), vol);
        QFont f = name->font();
        f.setItalic(follows);
        name->setFont(f);
        name->setForeground(palette().color(follows ? QPalette::Disabled : QPalette::Active, QPalette::Text));
        name->setToolTip(follows ? tr("%1 follows the default method (%2)").arg(vol, def) : tr("%1 has its own method").arg(vol));
    }
    methods_->resizeColumnToContents(0);
    fitHeight(methods_, 8);
}

QComboBox* ConfigurationEditor::volumeMethodCombo(const QString& volume) const {
    for (int r = 0; r < methods_->rowCount(); ++r)
        if (methods_->item(r, 0)->text() == volume) return static_cast<QComboBox*>(methods_->cellWidget(r, 1));
    return nullptr;
}

QSpinBox* ConfigurationEditor::partitionSpin(const QString& component) const {
    for (int r = 0; r < partition_->rowCount(); ++r)
        if (partition_->item(r, 0)->text() == component) return static_cast<QSpinBox*>(partition_->cellWidget(r, 1));
    return nullptr;
}

void ConfigurationEditor::showParallel(int i) {
    const auto& circuit = scene_.document().circuit();
    const auto& c = circuit.configs[size_t(i)];
    if (threads_->value() != c.threads) threads_->setValue(c.threads);  // updating_ is set: no edit
    const hs::sim::StepperSpec* spec = scene_.registry().findStepper(c.stepper.toStdString());
    const bool fixedExplicit = spec && spec->supportsPartitions;
    const bool parallel = c.threads > 1 || !c.partition.empty();
    // The builder's own settings check (hs::sim::checkSolverSettings), run here without a build.
    QStringList problems;
    const hs::sim::Netlist net = hs::model::toNetlist(circuit);
    for (const hs::sim::SettingsIssue& is :
         hs::sim::checkSolverSettings(scene_.registry(), hs::model::toSolverSettings(c), hs::sim::pressureMethodHosts(scene_.registry(), net)))
        if (is.key == "threads") problems << QString::fromStdString(is.text) + tr(": this configuration will not run.");
    // With a stepper that cannot run partitions there is nothing to set, unless a value is to be undone.
    threads_->setEnabled(fixedExplicit || parallel);
    if (!problems.isEmpty()) {
        threadsNote_->setText(problems.join('\n'));
        threadsNote_->setStyleSheet("color:#c0392b");
    } else if (!fixedExplicit) {
        threadsNote_->setText(tr("Only for the %1 steppers.")
                                  .arg(QString::fromStdString(scene_.registry().stepperList(
                                      [](const hs::sim::StepperSpec& x) { return x.supportsPartitions; }, " and "))));
        threadsNote_->setStyleSheet("color:#777");
    } else if (c.threads > 1 && defaultMethodId(&c) != "tlm" &&
               std::none_of(c.methods.begin(), c.methods.end(), [](const auto& m) { return m.second.method == "tlm"; })) {
        threadsNote_->setText(tr("No TLM volume: the circuit stays one partition, nothing runs in parallel."));
        threadsNote_->setStyleSheet("color:#777");
    } else {
        threadsNote_->clear();
    }
    threadsNote_->setVisible(!threadsNote_->text().isEmpty());

    // Rows: every component, then assignments to ids the circuit does not have. The rows are kept
    // while they name the same components, so a spin box being stepped keeps its focus.
    QStringList ids;
    for (const auto& comp : circuit.components) ids << comp.id;
    for (const auto& [id, k] : c.partition)
        if (!circuit.component(id)) ids << id;
    auto makeSpin = [&](const QString& id) -> QWidget* {
        auto* spin = new QSpinBox(partition_);
        spin->setObjectName("partition_" + id);
        spin->setRange(-1, 63);
        spin->setSpecialValueText(tr("auto"));
        spin->setKeyboardTracking(false);
        spin->setToolTip(tr("Partition of %1 (0 .. threads-1), or auto").arg(id));
        connect(spin, &QSpinBox::valueChanged, this, [this, id](int k) {
            const int cfg = current();
            if (cfg < 0 || updating_) return;
            edit(about(cfg, k < 0 ? tr("partition of %1 auto").arg(id) : tr("partition of %1 = %2").arg(id).arg(k)), [&](auto& v) {
                if (k < 0) v[size_t(cfg)].partition.erase(id);
                else v[size_t(cfg)].partition[id] = k;
            }, "cfg/" + QString::number(cfg) + "/partition/" + id);
        });
        return spin;
    };
    if (syncNameRows(partition_, ids, makeSpin)) {
        partition_->resizeColumnToContents(0);
        fitHeight(partition_, 10);
    }
    QStringList errors;
    for (int r = 0; r < partition_->rowCount(); ++r) {
        const QString id = partition_->item(r, 0)->text();
        auto* spin = static_cast<QSpinBox*>(partition_->cellWidget(r, 1));
        const auto it = c.partition.find(id);
        const int k = it == c.partition.end() ? -1 : it->second;
        if (spin->value() != k) spin->setValue(k);  // updating_ is set: no edit
        QString error;
        if (!circuit.component(id)) error = tr("%1: no such component").arg(id);
        else if (k >= c.threads)
            error = tr("%1: partition %2 outside 0..%3 (threads = %4)").arg(id).arg(k).arg(c.threads - 1).arg(c.threads);
        spin->setStyleSheet(error.isEmpty() ? QString() : QStringLiteral("QSpinBox { background:#f8d7d3; color:#a02010; }"));
        QTableWidgetItem* name = partition_->item(r, 0);
        name->setForeground(error.isEmpty() ? palette().color(QPalette::Text) : QColor(0xa0, 0x20, 0x10));
        QFont f = name->font();
        f.setBold(k >= 0);  // assigned by hand
        name->setFont(f);
        if (!error.isEmpty()) errors << error;
    }
    // Assigning by hand only means something with several partitions; invalid entries stay
    // reachable so that they can be fixed.
    partition_->setEnabled(c.threads > 1 || !errors.isEmpty());
    partitionMsg_->setText(errors.join('\n'));
    partitionMsg_->setVisible(!errors.isEmpty());
}

}  // namespace hs::widgets
