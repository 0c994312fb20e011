"""One 100,000-value series read through GET /sampleValue/{stationId}/{parameterId}, on the AWS stand-in
given by ENGINE (`make bench` runs it on each): DynamoDB requests, time waiting for DynamoDB and ours."""
from bench.explorer_statistics import series_read

PER_ENGINE = True


def main() -> None:
    series_read()
