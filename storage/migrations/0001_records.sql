-- Rookery's records: the same named trees of byte keys and values as the
-- sled backend, one table for all of them. Keys compare byte by byte (bytea),
-- so a prefix or range scan returns the same records in the same order as
-- sled. Values are the versioned JSON records Rookery writes on either backend.
CREATE TABLE records (
    tree text NOT NULL,
    key bytea NOT NULL,
    value bytea NOT NULL,
    PRIMARY KEY (tree, key)
);
