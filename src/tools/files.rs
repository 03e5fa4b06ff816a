//! Reading text files the user names (rule files, scenario files, records) safely: only
//! regular files (not a device, a FIFO or a folder), only up to a size, only UTF-8, each
//! refusal a message naming the file.

/// Largest text file read: larger ones are refused unread.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// A text file's contents, refused when it is not a regular file or too large.
pub fn read_text(path: &std::path::Path) -> Result<String, String> {
    let shown = path.display();
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read '{shown}': {e}"))?;
    if !meta.is_file() {
        return Err(format!("'{shown}' is not a regular file"));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!(
            "'{shown}' is {} bytes; files larger than {MAX_FILE_BYTES} bytes are not read",
            meta.len()
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read '{shown}': {e}"))?;
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "'{shown}' is not UTF-8 text (byte {} is not valid)",
            e.utf8_error().valid_up_to()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::{read_text, MAX_FILE_BYTES};

    /// A file one byte over the cap is refused before anything is read (the file is sparse,
    /// so the test writes almost nothing); one at the cap is read.
    #[test]
    fn files_over_the_cap_are_refused_unread() {
        let dir = std::env::temp_dir().join(format!("tabletop-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        let path = dir.join("big.txt");
        let file = std::fs::File::create(&path).expect("a scratch file");
        file.set_len(MAX_FILE_BYTES + 1).expect("a sparse file");
        let err = read_text(&path).expect_err("over the cap");
        assert!(
            err.ends_with(&format!(
                "is {} bytes; files larger than {MAX_FILE_BYTES} bytes are not read",
                MAX_FILE_BYTES + 1
            )),
            "{err}"
        );
        file.set_len(MAX_FILE_BYTES).expect("a sparse file");
        assert_eq!(
            read_text(&path).expect("at the cap").len() as u64,
            MAX_FILE_BYTES
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
