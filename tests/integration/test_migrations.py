from shared.storage.migrate import MIGRATIONS_DIR, applied_versions, migrate


def test_migrate_twice_is_a_noop_and_records_versions(stack):
    assert migrate(stack.database_url) == []  # the session fixture already applied everything
    every_file = sorted(p.stem for p in MIGRATIONS_DIR.glob("[0-9]*.py"))
    assert every_file[0] == "0001_initial" and sorted(applied_versions(stack.database_url)) == every_file


async def test_schema_follows_the_configured_model(db, stack):
    dim = await db.fetchval(
        "SELECT atttypmod FROM pg_attribute WHERE attrelid = 'facts'::regclass AND attname = 'embedding'"
    )
    assert dim == stack.settings.embedding_dimensions
    indexes = {r["indexname"]: r["indexdef"] for r in await db.fetch("SELECT indexname, indexdef FROM pg_indexes")}
    assert (
        "USING hnsw" in indexes["facts_embedding_hnsw"] and "superseded_at IS NULL" in indexes["facts_embedding_hnsw"]
    )
    assert await db.fetchval("SELECT extversion FROM pg_extension WHERE extname = 'vector'") >= "0.8"
    for table in ("facts", "messages"):
        assert (
            await db.fetchval(
                "SELECT count(*) FROM information_schema.columns WHERE table_name = $1 AND column_name = 'tsv'", table
            )
            == 1
        )
    for table in ("outbox", "dead_letters", "decisions", "llm_calls", "embeddings", "session_summaries"):
        assert await db.fetchval("SELECT to_regclass($1) IS NOT NULL", table), table


async def test_iterative_scan_is_on_for_every_connection(db):
    async with db.acquire() as conn:
        assert await conn.fetchval("SHOW hnsw.iterative_scan") == "relaxed_order"
