//! Writing a file so that it is never left half written, for the command-line tools: the bytes go
//! to a temporary file beside the target (same folder, so that the rename cannot cross file
//! systems), which is flushed to the disk and then renamed over the target. A full disk, an
//! interruption or any error leaves the old file as it was; the temporary file is removed on an
//! error (a process killed while writing leaves it behind, under a name of its own: `.NAME.PID-N.tmp`).
//!
//! ```no_run
//! reversi::safe_write::write_file(std::path::Path::new("weights/book.bin"), b"bytes").unwrap();
//! ```

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// Replaces the file at `path` with `bytes`, or leaves it untouched on an error.
///
/// A symbolic link is followed (its target is replaced, the link kept). A target that exists but
/// is not a regular file (`/dev/null`, a named pipe) is written directly: it cannot be replaced.
/// The new file takes the old one's permissions.
pub fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = resolve(path);
    let existing = std::fs::metadata(&target).ok();
    if let Some(meta) = &existing {
        if meta.is_dir() {
            return Err(is_a_folder());
        }
        if !meta.is_file() {
            return OpenOptions::new().write(true).open(&target)?.write_all(bytes);
        }
    }
    let (temp_path, temp) = create_temporary(&target)?;
    let written = fill(temp, bytes, existing.as_ref()).and_then(|()| std::fs::rename(&temp_path, &target));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temp_path);
        return Err(e);
    }
    // The rename itself reaches the disk with the folder. Some file systems refuse to sync a
    // folder; the file is in place either way, so that is not an error.
    if let Ok(folder) = File::open(folder_of(&target)) {
        let _ = folder.sync_all();
    }
    Ok(())
}

/// Writes `bytes` to the temporary file with the permissions of the file it replaces, to the disk,
/// and closes it.
fn fill(mut temp: File, bytes: &[u8], replaced: Option<&std::fs::Metadata>) -> io::Result<()> {
    temp.write_all(bytes)?;
    if let Some(meta) = replaced {
        temp.set_permissions(meta.permissions())?;
    }
    temp.sync_all()
}

/// Checks, before any work, that [`write_file`] can write `path` later: its folder exists and
/// takes a new file (a temporary one is created and removed), or the existing non-regular file
/// opens for writing. Nothing is left behind and an existing file is not touched.
pub fn check_writable(path: &Path) -> io::Result<()> {
    let target = resolve(path);
    match std::fs::metadata(&target) {
        Ok(meta) if meta.is_dir() => Err(is_a_folder()),
        Ok(meta) if !meta.is_file() => OpenOptions::new().write(true).open(&target).map(drop),
        _ => create_temporary(&target).and_then(|(temp_path, _)| std::fs::remove_file(temp_path)),
    }
}

/// The file a write of `path` replaces: the target of a symbolic link (when it resolves), else
/// `path` itself.
fn resolve(path: &Path) -> PathBuf {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()),
        _ => path.to_path_buf(),
    }
}

/// The folder holding `path` (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

fn is_a_folder() -> io::Error {
    io::Error::new(io::ErrorKind::IsADirectory, "it is a folder")
}

/// A new, empty file beside `target` under a name no other writer uses (this process's id and a
/// counter; an existing file of that name is never opened).
fn create_temporary(target: &Path) -> io::Result<(PathBuf, File)> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    // A browser's wasm has no processes (and no files: the tools alone call this).
    #[cfg(not(target_arch = "wasm32"))]
    let pid = std::process::id();
    #[cfg(target_arch = "wasm32")]
    let pid = 0;
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let temp_path = folder_of(target).join(format!(".{name}.{pid}-{n}.tmp"));
        match OpenOptions::new().write(true).create_new(true).open(&temp_path) {
            Ok(file) => return Ok((temp_path, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("reversi-safe-write-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn listing(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    }

    #[test]
    fn a_file_is_replaced_whole_and_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = temp_dir("replace");
        let path = dir.join("book.bin");
        write_file(&path, b"first").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_file(&path, b"second, longer").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second, longer");
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o640);
        assert_eq!(listing(&dir), ["book.bin"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_link_is_followed_and_kept() {
        let dir = temp_dir("link");
        let real = dir.join("real.bin");
        std::fs::write(&real, b"old").unwrap();
        let link = dir.join("link.bin");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_file(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary() {
        let dir = temp_dir("fail");
        let path = dir.join("book.bin");
        write_file(&path, b"kept").unwrap();
        // A folder in the target's place cannot be replaced; a missing folder takes no file.
        assert_eq!(write_file(&dir, b"x").unwrap_err().kind(), io::ErrorKind::IsADirectory);
        assert_eq!(write_file(&dir.join("no/such.bin"), b"x").unwrap_err().kind(), io::ErrorKind::NotFound);
        assert_eq!(std::fs::read(&path).unwrap(), b"kept");
        assert_eq!(listing(&dir), ["book.bin"]);
        // A device is written in place, never replaced.
        write_file(Path::new("/dev/null"), b"gone").unwrap();
        assert!(write_file(Path::new("/dev/full"), b"full").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_check_creates_nothing_and_names_the_problem() {
        let dir = temp_dir("check");
        check_writable(&dir.join("new.bin")).unwrap();
        assert!(listing(&dir).is_empty());
        assert_eq!(check_writable(&dir).unwrap_err().kind(), io::ErrorKind::IsADirectory);
        assert_eq!(check_writable(&dir.join("no/new.bin")).unwrap_err().kind(), io::ErrorKind::NotFound);
        check_writable(Path::new("/dev/null")).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
