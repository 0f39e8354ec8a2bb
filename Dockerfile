# The bot as a container image: a non-editable install of the wheel, run by a user without
# privileges. Build:  docker build -t cinch-bot .
# Run:    docker run --env-file .env -v cinch-data:/data cinch-bot
# Games are kept in the volume at /data (SQLite) unless DATABASE_URL names a PostgreSQL server.
# /health and /metrics listen on port 8000 of the container (docs/operations.md); publish it
# only to this machine, e.g.  -p 127.0.0.1:8000:8000

FROM python:3.11-slim AS wheel
WORKDIR /src
COPY pyproject.toml README.md LICENSE ./
COPY bot ./bot
COPY cogs ./cogs
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /wheels .

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DATABASE_URL=sqlite:////data/cinch.sqlite3 \
    METRICS_PORT=8000 \
    METRICS_HOST=0.0.0.0
COPY --from=wheel /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl \
    && rm -rf /wheels \
    && useradd --system --uid 10001 --home-dir /data --no-create-home cinch \
    && mkdir /data \
    && chown cinch /data
USER cinch
WORKDIR /data
VOLUME ["/data"]
CMD ["cinch-bot"]
