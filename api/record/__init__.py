"""The verifiable record's signing: the service's Ed25519 key, which signs the heads of every table's
hash chain (:mod:`api.record.signing`; the record itself is specified in ``docs/record.md``)."""
