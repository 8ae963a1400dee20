// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The kinds of file the program writes and reads, by their suffix (lower case, without the dot): one list each,
// for the command line's checks, the exporters, the dialogs and the readers alike.

#include <QString>
#include <QStringList>

namespace io {

QString suffixOf(const QString &path); // "png" for "a/b.PNG"

const QStringList &pictureSuffixes(); // png jpg jpeg pdf svg: any figure
const QStringList &vectorSuffixes(); // pdf svg: sizes in points, text as text
const QStringList &seriesFormats(); // png jpg pdf svg: --format of a series
const QStringList &matrixSuffixes(); // csv npy json: the shown matrix, or the whole --dump
const QStringList &runDataSuffixes(); // csv json: a sweep's or a training's numbers
const QStringList &arraySuffixes(); // npy csv tsv txt: one array read (an .npz holds several)

inline bool isPicture(const QString &path)
{
    return pictureSuffixes().contains(suffixOf(path));
}
inline bool isVector(const QString &path)
{
    return vectorSuffixes().contains(suffixOf(path));
}

} // namespace io
