from django.shortcuts import render


def home(request):
    return render(request, "corpus/home.html")
