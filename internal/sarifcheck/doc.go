// Package sarifcheck checks a SARIF log against what SARIF 2.1.0 requires
// and what GitHub code scanning accepts (rule help, relative URIs under a
// uriBaseId, start lines, levels, partial fingerprints). Tests use it on
// the output of `hookwarden scan --sarif`; it reads the log as untyped
// JSON, so that a wrong type or a missing field is reported, not skipped.
package sarifcheck
