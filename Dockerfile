# The bot as a container image: a non-editable install of the wheel, run by a user without
# privileges. Build:  docker build -t cinch-bot .
# Run:    docker run --env-file .env -v cinch-data:/data cinch-bot
# Games are kept in the volume at /data (SQLite) unless DATABASE_URL names a PostgreSQL server.
# /health and /metrics listen on port 8000 of the container (docs/operations.md); publish it
# only to this machine, e.g.  -p 127.0.0.1:8000:8000
#
# Pinned: the dependencies to the versions of constraints.txt; the base image by its tag, or by
# digest for builds that never change under you (docs/deploying.md, "The container image"):
#   docker buildx imagetools inspect python:3.11-slim     # shows its current digest
#   docker build --build-arg PYTHON_IMAGE=python:3.11-slim@sha256:<digest> -t cinch-bot .

ARG PYTHON_IMAGE=python:3.11-slim

FROM ${PYTHON_IMAGE} AS wheel
WORKDIR /src
COPY pyproject.toml README.md LICENSE ./
COPY bot ./bot
COPY cogs ./cogs
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /wheels .

FROM ${PYTHON_IMAGE}
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DATABASE_URL=sqlite:////data/cinch.sqlite3 \
    METRICS_PORT=8000 \
    METRICS_HOST=0.0.0.0
COPY --from=wheel /wheels /wheels
COPY constraints.txt /wheels/
RUN pip install --no-cache-dir --constraint /wheels/constraints.txt /wheels/*.whl \
    && rm -rf /wheels \
    && useradd --system --uid 10001 --home-dir /data --no-create-home cinch \
    && mkdir /data \
    && chown cinch /data
USER cinch
WORKDIR /data
VOLUME ["/data"]
# Healthy when /health answers 200: connected to Discord, tables restored, database answering.
# Python's own HTTP client, so the image needs no curl.
HEALTHCHECK --interval=30s --timeout=10s --start-period=2m --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/health' % os.environ['METRICS_PORT'], timeout=5)"]
CMD ["cinch-bot"]
