//! The backends beneath [`crate::Storage`]: named trees of byte keys and
//! values, kept either in sled (embedded, the default) or in PostgreSQL.
//!
//! Everything above this module — record shapes, quarantine, ratings,
//! puzzles, export — is written once against [`Tree`] and [`Tx`]; only this
//! module and `postgres` know which backend is behind them. Both keep keys in
//! byte order, so prefix scans and ranges mean the same on either.

pub(crate) mod postgres;

use std::cell::RefCell;
use std::sync::Arc;

use sled::transaction::{
    ConflictableTransactionError, TransactionError, TransactionalTree, UnabortableTransactionError,
};
use sled::Transactional;

use crate::StorageError;

pub(crate) use self::postgres::Pg;

/// A key and its value.
pub(crate) type Entry = (Vec<u8>, Vec<u8>);

/// One named tree of records.
#[derive(Clone)]
pub(crate) struct Tree {
    name: &'static str,
    kind: Kind,
}

#[derive(Clone)]
enum Kind {
    Sled(sled::Tree),
    Postgres(Arc<Pg>),
}

impl Tree {
    pub fn sled(name: &'static str, tree: sled::Tree) -> Tree {
        Tree { name, kind: Kind::Sled(tree) }
    }

    pub fn postgres(name: &'static str, pg: Arc<Pg>) -> Tree {
        Tree { name, kind: Kind::Postgres(pg) }
    }

    pub fn get(&self, key: impl AsRef<[u8]>) -> Result<Option<Vec<u8>>, StorageError> {
        match &self.kind {
            Kind::Sled(tree) => Ok(tree.get(key)?.map(|value| value.to_vec())),
            Kind::Postgres(pg) => pg.get(self.name, key.as_ref()),
        }
    }

    pub fn insert(&self, key: impl AsRef<[u8]>, value: impl AsRef<[u8]>) -> Result<(), StorageError> {
        match &self.kind {
            Kind::Sled(tree) => tree.insert(key.as_ref(), value.as_ref()).map(drop).map_err(Into::into),
            Kind::Postgres(pg) => pg.insert(self.name, key.as_ref(), value.as_ref()),
        }
    }

    pub fn remove(&self, key: impl AsRef<[u8]>) -> Result<(), StorageError> {
        match &self.kind {
            Kind::Sled(tree) => tree.remove(key).map(drop).map_err(Into::into),
            Kind::Postgres(pg) => pg.remove(self.name, key.as_ref()),
        }
    }

    /// Replaces `old` (`None`: absent) with `new` (`None`: remove) under
    /// `key`, only if `old` is what is stored; whether it was.
    pub fn compare_and_swap(
        &self,
        key: impl AsRef<[u8]>,
        old: Option<&[u8]>,
        new: Option<&[u8]>,
    ) -> Result<bool, StorageError> {
        match &self.kind {
            Kind::Sled(tree) => Ok(tree.compare_and_swap(key, old, new)?.is_ok()),
            Kind::Postgres(pg) => pg.compare_and_swap(self.name, key.as_ref(), old, new),
        }
    }

    /// Sets `key` to `update` of its value, atomically; the new value.
    pub fn update_and_fetch(
        &self,
        key: impl AsRef<[u8]>,
        update: impl Fn(Option<&[u8]>) -> Option<Vec<u8>>,
    ) -> Result<Option<Vec<u8>>, StorageError> {
        match &self.kind {
            Kind::Sled(tree) => Ok(tree.update_and_fetch(key, update)?.map(|value| value.to_vec())),
            Kind::Postgres(pg) => pg.update_and_fetch(self.name, key.as_ref(), update),
        }
    }

    /// Every record, in key order.
    pub fn iter(&self) -> Iter {
        match &self.kind {
            Kind::Sled(tree) => Iter::Sled(Box::new(tree.iter())),
            Kind::Postgres(pg) => Iter::rows(pg.scan(self.name, &[], None)),
        }
    }

    /// The records whose keys start with `prefix`, in key order.
    pub fn scan_prefix(&self, prefix: impl AsRef<[u8]>) -> Iter {
        match &self.kind {
            Kind::Sled(tree) => Iter::Sled(Box::new(tree.scan_prefix(prefix))),
            Kind::Postgres(pg) => {
                let prefix = prefix.as_ref();
                Iter::rows(pg.scan(self.name, prefix, after_prefix(prefix).as_deref()))
            }
        }
    }

    /// The records with keys from `first` to `last`, both included, in key order.
    pub fn range(&self, first: impl AsRef<[u8]>, last: impl AsRef<[u8]>) -> Iter {
        match &self.kind {
            Kind::Sled(tree) => Iter::Sled(Box::new(tree.range(first.as_ref()..=last.as_ref()))),
            Kind::Postgres(pg) => {
                // Up to `last` included is below `last` followed by a zero byte.
                let mut end = last.as_ref().to_vec();
                end.push(0);
                Iter::rows(pg.scan(self.name, first.as_ref(), Some(&end)))
            }
        }
    }

    pub fn len(&self) -> Result<usize, StorageError> {
        match &self.kind {
            Kind::Sled(tree) => Ok(tree.len()),
            Kind::Postgres(pg) => pg.len(self.name),
        }
    }

    pub fn is_empty(&self) -> Result<bool, StorageError> {
        Ok(self.len()? == 0)
    }

    /// Removes every record (tests build old databases with it).
    #[cfg(test)]
    pub fn clear(&self) -> Result<(), StorageError> {
        match &self.kind {
            Kind::Sled(tree) => tree.clear().map_err(Into::into),
            Kind::Postgres(pg) => pg.clear(self.name),
        }
    }
}

/// The smallest key above every key that starts with `prefix` (`None`: there
/// is none, the prefix is all `0xff`).
fn after_prefix(prefix: &[u8]) -> Option<Vec<u8>> {
    let mut end = prefix.to_vec();
    while let Some(last) = end.pop() {
        if last < u8::MAX {
            end.push(last + 1);
            return Some(end);
        }
    }
    None
}

/// The records of a scan, each a `Result` as sled gives them.
pub(crate) enum Iter {
    Sled(Box<sled::Iter>),
    /// Rows read from the server at once (a failed query is one error).
    Rows(std::vec::IntoIter<Result<Entry, StorageError>>),
}

impl Iter {
    fn rows(rows: Result<Vec<Entry>, StorageError>) -> Iter {
        let rows = match rows {
            Ok(rows) => rows.into_iter().map(Ok).collect(),
            Err(error) => vec![Err(error)],
        };
        Iter::Rows(rows.into_iter())
    }
}

fn owned(entry: sled::Result<(sled::IVec, sled::IVec)>) -> Result<Entry, StorageError> {
    let (key, value) = entry?;
    Ok((key.to_vec(), value.to_vec()))
}

impl Iterator for Iter {
    type Item = Result<Entry, StorageError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Iter::Sled(iter) => iter.next().map(owned),
            Iter::Rows(rows) => rows.next(),
        }
    }
}

impl DoubleEndedIterator for Iter {
    fn next_back(&mut self) -> Option<Self::Item> {
        match self {
            Iter::Sled(iter) => iter.next_back().map(owned),
            Iter::Rows(rows) => rows.next_back(),
        }
    }
}

/// Why a transaction's body stopped.
pub(crate) enum TxError {
    /// The body refused: the transaction is rolled back and this is the answer.
    Abort(StorageError),
    /// sled found a conflict (the body runs again) or failed.
    Sled(UnabortableTransactionError),
    /// The server failed; a serialization failure runs the body again.
    Postgres(::postgres::Error),
}

impl From<UnabortableTransactionError> for TxError {
    fn from(error: UnabortableTransactionError) -> TxError {
        TxError::Sled(error)
    }
}

impl From<::postgres::Error> for TxError {
    fn from(error: ::postgres::Error) -> TxError {
        TxError::Postgres(error)
    }
}

pub(crate) type TxResult<T> = Result<T, TxError>;

/// An open transaction over some trees: what it reads and writes commits
/// together or not at all.
pub(crate) struct Tx<'a> {
    kind: TxKind<'a>,
}

enum TxKind<'a> {
    Sled { names: &'a [&'static str], trees: &'a [TransactionalTree] },
    Postgres(RefCell<::postgres::Transaction<'a>>),
}

impl<'a> Tx<'a> {
    /// One of the trees the transaction was opened over.
    pub fn tree<'t>(&'t self, name: &'static str) -> TxTree<'t, 'a> {
        TxTree { tx: self, name }
    }
}

/// A tree inside a transaction.
pub(crate) struct TxTree<'t, 'a> {
    tx: &'t Tx<'a>,
    name: &'static str,
}

impl TxTree<'_, '_> {
    fn sled(&self) -> &TransactionalTree {
        let TxKind::Sled { names, trees } = &self.tx.kind else {
            unreachable!("a sled tree of a PostgreSQL transaction")
        };
        let index = names.iter().position(|name| *name == self.name).expect("the transaction is over this tree");
        &trees[index]
    }

    pub fn get(&self, key: impl AsRef<[u8]>) -> TxResult<Option<Vec<u8>>> {
        match &self.tx.kind {
            TxKind::Sled { .. } => Ok(self.sled().get(key.as_ref())?.map(|value| value.to_vec())),
            TxKind::Postgres(tx) => Ok(postgres::tx_get(&mut tx.borrow_mut(), self.name, key.as_ref())?),
        }
    }

    pub fn insert(&self, key: impl AsRef<[u8]>, value: impl AsRef<[u8]>) -> TxResult<()> {
        match &self.tx.kind {
            TxKind::Sled { .. } => Ok(self.sled().insert(key.as_ref(), value.as_ref()).map(drop)?),
            TxKind::Postgres(tx) => {
                Ok(postgres::tx_insert(&mut tx.borrow_mut(), self.name, key.as_ref(), value.as_ref())?)
            }
        }
    }

    /// Removes `key`; the value it had.
    pub fn remove(&self, key: impl AsRef<[u8]>) -> TxResult<Option<Vec<u8>>> {
        match &self.tx.kind {
            TxKind::Sled { .. } => Ok(self.sled().remove(key.as_ref())?.map(|value| value.to_vec())),
            TxKind::Postgres(tx) => Ok(postgres::tx_remove(&mut tx.borrow_mut(), self.name, key.as_ref())?),
        }
    }
}

/// Runs `body` in one transaction over `trees` (all of one backend). The
/// body may run more than once — sled retries on a conflict, PostgreSQL on a
/// serialization failure — so it must only compute and write through `Tx`.
pub(crate) fn transaction<R>(trees: &[&Tree], body: impl Fn(&Tx<'_>) -> TxResult<R>) -> Result<R, StorageError> {
    let names: Vec<&'static str> = trees.iter().map(|tree| tree.name).collect();
    let Some(first) = trees.first() else { return Err(StorageError::Damaged("a transaction over no trees".into())) };
    match &first.kind {
        Kind::Postgres(pg) => pg.transaction(|tx| {
            let tx = Tx { kind: TxKind::Postgres(RefCell::new(tx)) };
            let result = body(&tx);
            let TxKind::Postgres(tx) = tx.kind else { unreachable!("built as PostgreSQL just above") };
            (tx.into_inner(), result)
        }),
        Kind::Sled(_) => {
            let sled_trees: Vec<&sled::Tree> = trees
                .iter()
                .map(|tree| match &tree.kind {
                    Kind::Sled(tree) => tree,
                    Kind::Postgres(_) => unreachable!("one storage has one backend"),
                })
                .collect();
            let outcome = sled_trees[..].transaction(|views: &Vec<TransactionalTree>| {
                let tx = Tx { kind: TxKind::Sled { names: &names, trees: views } };
                body(&tx).map_err(|error| match error {
                    TxError::Abort(error) => ConflictableTransactionError::Abort(error),
                    TxError::Sled(error) => error.into(),
                    TxError::Postgres(error) => ConflictableTransactionError::Abort(error.into()),
                })
            });
            match outcome {
                Ok(result) => Ok(result),
                Err(TransactionError::Abort(error)) => Err(error),
                Err(TransactionError::Storage(error)) => Err(error.into()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::after_prefix;

    #[test]
    fn the_key_after_a_prefix_bounds_exactly_its_keys() {
        assert_eq!(after_prefix(&[1, 2]), Some(vec![1, 3]));
        assert_eq!(after_prefix(&[1, 0xff, 0xff]), Some(vec![2]));
        assert_eq!(after_prefix(&[0xff]), None);
        assert_eq!(after_prefix(&[]), None);
    }
}
