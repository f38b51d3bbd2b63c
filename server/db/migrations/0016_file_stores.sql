-- Uploads may live in one of three stores (server/db/fileStores.ts): the data folder ('disk', where every file so
-- far is), the database ('database': file_chunks below) or S3-compatible storage ('s3'). A file's row names the
-- store that holds it, so reads find it wherever it is while `npm run files:move` moves files between stores.
ALTER TABLE "files" ADD COLUMN "store" text DEFAULT 'disk' NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_store_check" CHECK ("store" IN ('disk', 'database', 's3'));--> statement-breakpoint
-- A file in the database is cut into chunks of at most 256 KiB, numbered from 0: written and read a chunk at a
-- time, so neither an upload nor a download holds a whole file in memory. Keyed by the file's storage key (not its
-- row id) so a file is written before its row exists and a half-written one is found and removed by key.
CREATE TABLE "file_chunks" (
	"storage_key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "file_chunks_pk" PRIMARY KEY("storage_key","seq")
);
