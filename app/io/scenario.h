// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Scenarios (the whole state as a small JSON file), lessons (an ordered list of scenarios with
// captions) and the lecture's examples as presets.
//
// Scenario file:  {"format": "attention-viz-scenario", "version": 1,
//                  "params": {"mode": "direct", "len": 1, "keys": 6, "d_k": 64, "seed": 0, "scaling": "none", ...},
//                  "display": {"show": "weights", "colormap": "viridis", "range": "fixed", "cell_values": true,
//                              "gradient_panels": true},
//                  "compare": "none|scaling|softmax-dim|d-k", "compare_d_k": 256,
//                  "caption": {"en": "...", "zh": "..."}}
// Lesson file:    {"format": "attention-viz-lesson", "version": 1, "title": {...}, "steps": [scenario, ...]}
// Every field is optional (defaults as on the command line); unknown fields and bad values are errors
// naming the file and the field.

#include "model/view_state.h"

#include <QJsonObject>
#include <QString>

#include <optional>
#include <vector>

struct Preset
{
    QString name; // for --preset and the menu, e.g. "why-scale"
    Scenario scenario;
};

constexpr int kScenarioVersion = 1;

QJsonObject scenarioToJson(const Scenario &s);
// error: "field: what is wrong", e.g. "params.d_k: must be from 1 to 65536 (got 0)".
std::optional<Scenario> scenarioFromJson(const QJsonObject &o, QString *error);

// error: "FILE: field: what is wrong" (or "FILE: reason"). outputs: the run's, which puts it in place with the rest;
// none: at once.
bool saveScenario(const QString &path, const Scenario &s, QString *error, class OutputSet *outputs = nullptr);
// The files it names (load, classroom.lesson) are read only from its folder or below, symbolic links followed,
// unless filesAnywhere: else it fails, the first such file named in error and all of them, as written, in outside.
std::optional<Scenario> loadScenario(
    const QString &path, QString *error, bool filesAnywhere = false, QStringList *outside = nullptr);
std::optional<Lesson> loadLesson(const QString &path, QString *error);
// error: "field: what is wrong", e.g. "steps[1].params.batch: must be from 1 to 4096 (got 0)".
std::optional<Lesson> lessonFromJson(const QJsonObject &o, QString *error);

// The lecture's examples: qkv-basics, why-scale, sdpa-check, wrong-dim.
const std::vector<Preset> &presets();
const Preset *findPreset(const QString &name);
QStringList presetNames();

// The lesson shipped with the program, walking through the lecture.
QString builtInLessonPath(); // ":/lessons/lecture.json"
