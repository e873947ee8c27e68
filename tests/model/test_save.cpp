// SPDX-License-Identifier: GPL-3.0-or-later
// Saving is atomic: a failed save says why and leaves whatever was at the path untouched.
#include <QtTest>

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "model_test_util.h"

using namespace hs::model;
using namespace hs::model::test;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

Circuit base() { return *parseCircuit(bytes(baseDocument()), registry()).circuit; }

// Sets or clears the immutable attribute of a directory (chattr +i): nothing can be created,
// renamed or removed in it, not even by root, which ignores the permission bits. Needs
// CAP_LINUX_IMMUTABLE and a file system that supports it (ext4, xfs, btrfs).
bool setImmutable(const QString& dir, bool on) {
    const int fd = ::open(dir.toLocal8Bit().constData(), O_RDONLY | O_DIRECTORY);
    if (fd < 0) return false;
    int flags = 0;
    bool ok = ::ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0;
    if (ok) {
        flags = on ? (flags | FS_IMMUTABLE_FL) : (flags & ~FS_IMMUTABLE_FL);
        ok = ::ioctl(fd, FS_IOC_SETFLAGS, &flags) == 0;
    }
    ::close(fd);
    return ok;
}

// Clears the attribute when the test function ends, however it ends (QTemporaryDir must be
// able to remove the directory).
struct ImmutableGuard {
    QString dir;
    ~ImmutableGuard() {
        if (!dir.isEmpty()) setImmutable(dir, false);
    }
};

}  // namespace

class TestSave : public QObject {
    Q_OBJECT
private slots:
    void saveReplacesAndReloads() {
        QTemporaryDir dir;
        const QString path = dir.filePath("c.hydro.json");
        QVERIFY(writeFile(path, "old contents"));
        Circuit c = base();
        QString error;
        QVERIFY2(saveCircuit(c, path, &error), qPrintable(error));
        QCOMPARE(readAll(path), serializeCircuit(c));
        const LoadResult r = loadCircuit(path, registry());
        QVERIFY2(r.ok(), qPrintable(r.errors.join('\n')));
        QVERIFY(*r.circuit == c);
        // no temporary files left behind
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"c.hydro.json"});
    }

    void failedSaveLeavesFileUntouched_data() {
        QTest::addColumn<QString>("kind");
        QTest::newRow("parent is a file") << "parent-file";
        QTest::newRow("read-only directory") << "readonly-dir";
        QTest::newRow("path is a directory") << "directory";
        QTest::newRow("file in /proc") << "proc";
    }

    void failedSaveLeavesFileUntouched() {
        QFETCH(QString, kind);
        QTemporaryDir dir;
        QString path;     // where we try to save
        QString witness;  // existing file that must be unchanged afterwards
        ImmutableGuard immutable;
        if (kind == "parent-file") {
            witness = dir.filePath("notadir");
            QVERIFY(writeFile(witness, "keep me"));
            path = witness + "/c.hydro.json";
        } else if (kind == "readonly-dir") {
            const QString sub = dir.filePath("ro");
            QVERIFY(QDir().mkdir(sub));
            witness = path = sub + "/c.hydro.json";
            QVERIFY(writeFile(witness, "keep me"));
            QFile::setPermissions(witness, QFileDevice::ReadOwner);
            QFile::setPermissions(sub, QFileDevice::ReadOwner | QFileDevice::ExeOwner);
            if (::access(sub.toLocal8Bit().constData(), W_OK) == 0) {
                // root ignores the permission bits: make the directory immutable instead
                QFile::setPermissions(sub, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
                if (!setImmutable(sub, true))
                    QSKIP("SKIPPED: running as root and the directory cannot be made immutable (chattr +i) here");
                immutable.dir = sub;
                QVERIFY(!writeFile(sub + "/probe", "x"));  // really read-only now
            }
        } else if (kind == "directory") {
            path = dir.filePath("adir");
            QVERIFY(QDir().mkdir(path));
            witness = path + "/inside.txt";
            QVERIFY(writeFile(witness, "keep me"));
        } else {
            path = witness = "/proc/version";
            if (!QFile::exists(path)) QSKIP("no /proc");
        }
        const QByteArray before = readAll(witness);
        QString error;
        QVERIFY(!saveCircuit(base(), path, &error));
        QVERIFY2(error.startsWith(path + ": cannot save"), qPrintable(error));
        QCOMPARE(readAll(witness), before);
        if (kind == "readonly-dir") {
            if (!immutable.dir.isEmpty()) QVERIFY(setImmutable(immutable.dir, false));
            QFile::setPermissions(QFileInfo(path).path(),
                                  QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
            QCOMPARE(QDir(QFileInfo(path).path()).entryList(QDir::Files), QStringList{"c.hydro.json"});
        }
    }

    void nullErrorPointerIsFine() {
        QVERIFY(!saveCircuit(base(), "/proc/does-not-exist/c.hydro.json", nullptr));
    }
};

QTEST_GUILESS_MAIN(TestSave)
#include "test_save.moc"
